import { describe, expect, it } from 'vitest';
import { parseRate, parseWhole, rateInput, rateText, uniqueIds } from './format';
import { CUSTOM_TAX, lineField, newLine, newProcess, processField, productBody, productDraft, sentProcess, tabOf, type ProductDraft } from './components/productDraft';
import { categoryBody, categoryDraft } from './components/CategoryForm';
import type { ProductDetail, Taxes } from './api';
import {
  category,
  contractProcess,
  customerModeProcess,
  detail,
  emailProcess,
  formativeContentProcess,
  formativePercentageProcess,
  noTaxes,
  onlineTestProcess,
  packDetail,
  practiceClassProcess,
  product,
  taxes,
  testRepetitionsProcess,
} from './test/fixtures';

const asDetail = (x: unknown) => x as ProductDetail;

describe('rates and numbers', () => {
  it('rates are hundredths of a percent, typed the Spanish way', () => {
    expect(rateText(2100)).toBe('21 %');
    expect(rateText(950)).toBe('9,5 %');
    expect(rateText(0)).toBe('0 %');
    expect(rateInput(1250)).toBe('12,5');
    expect(parseRate('21')).toBe(2100);
    expect(parseRate(' 9,5 ')).toBe(950);
    expect(parseRate('12.25')).toBe(1225);
    expect(parseRate('100')).toBe(10000);
    expect(parseRate('100,01')).toBeNull();
    expect(parseRate('1,234')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('diez')).toBeNull();
    expect(parseWhole(' 3 ')).toBe(3);
    expect(parseWhole('3,5')).toBeNull();
    expect(uniqueIds([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
  });
});

describe('the product form', () => {
  it('a new product starts published, the price shown, with the default tax; without billing, another rate', () => {
    const draft = productDraft(null, taxes as Taxes);
    expect(draft).toMatchObject({ status: 'published', tax: '1', tax_rate: '', price_visible: true, lines: [], category_ids: [] });
    expect(productDraft(null, noTaxes as Taxes).tax).toBe(CUSTOM_TAX);
    expect(productDraft(null, { available: true, taxes: [] }).tax).toBe(CUSTOM_TAX);
  });

  it('a stored product gives back the same body: nothing changes', () => {
    const record = asDetail(detail(product({ provider_ids: [8], file_ids: [40] }), { providers: [{ id: 8, name: 'Editorial Tráfico' }], files: [{ id: 40, name: 'folleto.pdf' }] }));
    const draft = productDraft(record, taxes as Taxes);
    expect(draft.providers).toEqual([{ id: 8, name: 'Editorial Tráfico' }]);
    expect(draft.files).toEqual([{ id: 40, name: 'folleto.pdf' }]);
    const result = productBody(draft, { isPack: false, taxesAvailable: true });
    expect(result).toEqual({
      body: {
        reference: '000001', name: 'Curso teórico B', description: 'Clases de teoría del permiso B', status: 'published', image_file_id: null, file_ids: [40],
        category_ids: [3], provider_ids: [8], provider_reference: '', purchase_price: 4000, price: 10000, tax_id: 1, price_visible: true, processes: [],
      },
    });
  });

  it('"another rate" sends tax_id null and the rate; without billing only the rate', () => {
    const draft: ProductDraft = { ...productDraft(null, taxes as Taxes), name: 'Tasa', tax: CUSTOM_TAX, tax_rate: '9,5' };
    expect(productBody(draft, { isPack: false, taxesAvailable: true })).toMatchObject({ body: { tax_id: null, tax_rate: 950 } });
    const body = productBody({ ...draft, tax: '1' }, { isPack: false, taxesAvailable: false });
    expect('body' in body && body.body).toMatchObject({ tax_rate: 950 });
    expect('body' in body && 'tax_id' in body.body).toBe(false);
    expect(productBody({ ...draft, tax_rate: '' }, { isPack: false, taxesAvailable: false })).toMatchObject({ body: { tax_rate: 0 } });
  });

  it('refuses every wrong field at once: name, amounts, rate, a line\'s units and discount', () => {
    const draft: ProductDraft = {
      ...productDraft(null, taxes as Taxes),
      purchase_price: { cents: null, text: '12,345' },
      price: { cents: null, text: 'x' },
      tax: CUSTOM_TAX,
      tax_rate: '101',
      lines: [
        { ...newLine({ id: 11, name: 'Curso', reference: '1' }), quantity: '0', discount_type: 'percent', discount_value: '150' },
        { ...newLine({ id: 12, name: 'Libro', reference: '2' }), quantity: '', discount_type: 'quantity', discount_value: '' },
        { ...newLine({ id: 13, name: 'Tasa', reference: '3' }), quantity: '1000', discount_type: 'quantity', discount_value: '5,5x' },
      ],
    };
    expect(productBody(draft, { isPack: true, taxesAvailable: true })).toEqual({
      problems: {
        name: 'required',
        purchase_price: 'amount',
        tax_rate: 'rate',
        [lineField(0, 'quantity')]: 'quantity',
        [lineField(0, 'discount_value')]: 'rate',
        [lineField(1, 'quantity')]: 'required',
        [lineField(1, 'discount_value')]: 'required',
        [lineField(2, 'quantity')]: 'quantity',
        [lineField(2, 'discount_value')]: 'amount',
      },
    });
    // a product's price counts, a pack's does not
    expect(productBody({ ...draft, lines: [] }, { isPack: false, taxesAvailable: true })).toMatchObject({ problems: { price: 'amount' } });
  });

  it("a pack's lines: percent in hundredths, amounts in cents, no discount as null and 0; no price sent", () => {
    const record = asDetail(packDetail());
    const draft = productDraft(record, taxes as Taxes);
    expect(draft.lines.map((l) => [l.name, l.quantity, l.discount_type, l.discount_value])).toEqual([
      ['Curso teórico B', '1', 'percent', '10'],
      ['Libro de test', '2', 'quantity', '5,00'],
    ]);
    const lines = [...draft.lines, { ...newLine({ id: 13, name: 'Tasa', reference: '3' }), quantity: '3' }];
    const result = productBody({ ...draft, lines }, { isPack: true, taxesAvailable: true });
    expect('body' in result && result.body.pack_items).toEqual([
      { product_id: 11, quantity: 1, discount_type: 'percent', discount_value: 1000 },
      { product_id: 12, quantity: 2, discount_type: 'quantity', discount_value: 500 },
      { product_id: 13, quantity: 3, discount_type: null, discount_value: 0 },
    ]);
    expect('body' in result && 'price' in result.body).toBe(false);
  });

  it('each field belongs to a tab', () => {
    expect(['name', 'category_ids', 'file_ids', 'provider_ids', 'purchase_price', 'tax_rate', 'price', 'pack_items', lineField(3, 'discount_value'), 'processes', processField(2, 'body'), processField(0, 'content_id'), processField(1, 'percentage')].map(tabOf)).toEqual([
      'general', 'general', 'general', 'purchases', 'purchases', 'sales', 'sales', 'lines', 'lines', 'processes', 'processes', 'processes', 'processes',
    ]);
  });

  it('automatic processes: a contract sends its agreement, an e-mail its subject and text trimmed; what is missing is refused', () => {
    const record = asDetail(detail(product({ processes: [contractProcess(7), emailProcess(' Hola ', 'Texto')] })));
    const draft = productDraft(record, taxes as Taxes);
    expect(draft.processes.map((p) => [p.kind, p.agreement_id, p.subject, p.body])).toEqual([
      ['contract', '7', '', ''],
      ['email', '', ' Hola ', 'Texto'],
    ]);
    const result = productBody(draft, { isPack: false, taxesAvailable: true });
    expect('body' in result && result.body.processes).toEqual([
      { kind: 'contract', agreement_id: 7 },
      { kind: 'email', subject: 'Hola', body: 'Texto' },
    ]);
    // the stored ones, compared as they are sent
    expect(record.processes.map(sentProcess)).toEqual([
      { kind: 'contract', agreement_id: 7 },
      { kind: 'email', subject: ' Hola ', body: 'Texto' },
    ]);
    const wrong = { ...draft, processes: [newProcess({ kind: 'contract' }), newProcess(), { ...newProcess(), subject: 'x', body: '  ' }] };
    expect(productBody(wrong, { isPack: false, taxesAvailable: true })).toEqual({
      problems: {
        [processField(0, 'agreement_id')]: 'required',
        [processField(1, 'subject')]: 'required',
        [processField(1, 'body')]: 'required',
        [processField(2, 'body')]: 'required',
      },
    });
  });

  it('automatic processes: an online-test one sends its licence and whole days 1–1095; the stored one compared as sent', () => {
    const record = asDetail(detail(product({ processes: [onlineTestProcess('online_test_extend', 'C1', 30)] })));
    const draft = productDraft(record, taxes as Taxes);
    expect(draft.processes.map((p) => [p.kind, p.licence, p.days, p.stored])).toEqual([['online_test_extend', 'C1', '30', null]]);
    expect(record.processes.map(sentProcess)).toEqual([{ kind: 'online_test_extend', licence: 'C1', days: 30 }]);
    const typed = { ...draft, processes: [{ ...newProcess({ kind: 'online_test_days' }), licence: 'B', days: ' 1095 ', subject: 'x' }] };
    expect(productBody(typed, { isPack: false, taxesAvailable: true })).toMatchObject({ body: { processes: [{ kind: 'online_test_days', licence: 'B', days: 1095 }] } });
    const wrong = {
      ...draft,
      processes: [newProcess({ kind: 'online_test_days' }), { ...newProcess({ kind: 'online_test_extend' }), licence: 'B', days: '0' }, { ...newProcess({ kind: 'online_test_days' }), licence: 'B', days: '1096' }],
    };
    expect(productBody(wrong, { isPack: false, taxesAvailable: true })).toEqual({
      problems: {
        [processField(0, 'licence')]: 'required',
        [processField(0, 'days')]: 'required',
        [processField(1, 'days')]: 'days',
        [processField(2, 'days')]: 'days',
      },
    });
  });

  it('automatic processes: a formative content sends its content and days (empty: null, the content\'s own); a percentage its content and 1–100', () => {
    const record = asDetail(detail(product({ processes: [formativeContentProcess(31, null), formativeContentProcess(32, 365), formativePercentageProcess(31, 40)] })));
    const draft = productDraft(record, taxes as Taxes);
    expect(draft.processes.map((p) => [p.kind, p.content_id, p.days, p.percentage, p.stored])).toEqual([
      ['formative_content', '31', '', '', null],
      ['formative_content', '32', '365', '', null],
      ['formative_percentage', '31', '', '40', null],
    ]);
    const sent = [
      { kind: 'formative_content', content_id: 31, days: null },
      { kind: 'formative_content', content_id: 32, days: 365 },
      { kind: 'formative_percentage', content_id: 31, percentage: 40 },
    ];
    // the stored ones, compared as they are sent (the other kinds' fields left out)
    expect(record.processes.map(sentProcess)).toEqual(sent);
    expect(productBody(draft, { isPack: false, taxesAvailable: true })).toMatchObject({ body: { processes: sent } });
    // what another kind left typed is not sent
    const typed = { ...draft, processes: [{ ...newProcess({ kind: 'formative_content' }), content_id: '31', days: ' 1095 ', percentage: '20', licence: 'B' }, { ...newProcess({ kind: 'formative_percentage' }), content_id: '32', percentage: ' 100 ', days: '5' }] };
    expect(productBody(typed, { isPack: false, taxesAvailable: true })).toMatchObject({
      body: { processes: [{ kind: 'formative_content', content_id: 31, days: 1095 }, { kind: 'formative_percentage', content_id: 32, percentage: 100 }] },
    });
    const wrong = {
      ...draft,
      processes: [
        newProcess({ kind: 'formative_content' }),
        { ...newProcess({ kind: 'formative_content' }), content_id: '31', days: '1096' },
        { ...newProcess({ kind: 'formative_content' }), content_id: '31', days: '0' },
        newProcess({ kind: 'formative_percentage' }),
        { ...newProcess({ kind: 'formative_percentage' }), content_id: '31', percentage: '101' },
        { ...newProcess({ kind: 'formative_percentage' }), content_id: '31', percentage: '12,5' },
      ],
    };
    expect(productBody(wrong, { isPack: false, taxesAvailable: true })).toEqual({
      problems: {
        [processField(0, 'content_id')]: 'required',
        [processField(1, 'days')]: 'days',
        [processField(2, 'days')]: 'days',
        [processField(3, 'content_id')]: 'required',
        [processField(3, 'percentage')]: 'required',
        [processField(4, 'percentage')]: 'percentage',
        [processField(5, 'percentage')]: 'percentage',
      },
    });
  });

  it('automatic processes: practical classes send their type and 1–200 lessons, the customer modes their kind, test repetitions their licence and 0–99', () => {
    const record = asDetail(detail(product({ processes: [practiceClassProcess(4, 5), customerModeProcess('customer_demo'), customerModeProcess('customer_enrolled'), testRepetitionsProcess('C', 0)] })));
    const draft = productDraft(record, taxes as Taxes);
    expect(draft.processes.map((p) => [p.kind, p.practice_type_id, p.quantity, p.licence, p.repetitions, p.stored])).toEqual([
      ['practice_class', '4', '5', '', '', null],
      ['customer_demo', '', '', '', '', null],
      ['customer_enrolled', '', '', '', '', null],
      ['test_repetitions', '', '', 'C', '0', null],
    ]);
    const sent = [
      { kind: 'practice_class', practice_type_id: 4, quantity: 5 },
      { kind: 'customer_demo' },
      { kind: 'customer_enrolled' },
      { kind: 'test_repetitions', licence: 'C', repetitions: 0 },
    ];
    // the stored ones, compared as they are sent (the other kinds' fields left out)
    expect(record.processes.map(sentProcess)).toEqual(sent);
    expect(productBody(draft, { isPack: false, taxesAvailable: true })).toMatchObject({ body: { processes: sent } });
    // what another kind left typed is not sent
    const typed = {
      ...draft,
      processes: [
        { ...newProcess({ kind: 'practice_class' }), practice_type_id: '6', quantity: ' 200 ', licence: 'B', days: '30', repetitions: '3' },
        { ...newProcess({ kind: 'customer_enrolled' }), subject: 'x', quantity: '4', practice_type_id: '4' },
        { ...newProcess({ kind: 'test_repetitions' }), licence: 'B', repetitions: ' 99 ', days: '30', quantity: '4' },
      ],
    };
    expect(productBody(typed, { isPack: false, taxesAvailable: true })).toMatchObject({
      body: { processes: [{ kind: 'practice_class', practice_type_id: 6, quantity: 200 }, { kind: 'customer_enrolled' }, { kind: 'test_repetitions', licence: 'B', repetitions: 99 }] },
    });
    const wrong = {
      ...draft,
      processes: [
        newProcess({ kind: 'practice_class' }),
        { ...newProcess({ kind: 'practice_class' }), practice_type_id: '4', quantity: '0' },
        { ...newProcess({ kind: 'practice_class' }), practice_type_id: '4', quantity: '201' },
        newProcess({ kind: 'test_repetitions' }),
        { ...newProcess({ kind: 'test_repetitions' }), licence: 'B', repetitions: '100' },
        { ...newProcess({ kind: 'test_repetitions' }), licence: 'B', repetitions: '-1' },
        newProcess({ kind: 'customer_demo' }),
      ],
    };
    expect(productBody(wrong, { isPack: false, taxesAvailable: true })).toEqual({
      problems: {
        [processField(0, 'practice_type_id')]: 'practiceType',
        [processField(0, 'quantity')]: 'required',
        [processField(1, 'quantity')]: 'classes',
        [processField(2, 'quantity')]: 'classes',
        [processField(3, 'licence')]: 'testLicence',
        [processField(3, 'repetitions')]: 'required',
        [processField(4, 'repetitions')]: 'repetitions',
        [processField(5, 'repetitions')]: 'repetitions',
      },
    });
    expect([processField(0, 'practice_type_id'), processField(1, 'quantity'), processField(2, 'repetitions')].map(tabOf)).toEqual(['processes', 'processes', 'processes']);
  });
});

describe('the category form', () => {
  it('starts public; the name is required, the text trimmed', () => {
    expect(categoryDraft(null)).toEqual({ name: '', description: '', status: 'publish', thumbnail_file_id: null });
    expect(categoryBody(categoryDraft(null))).toBeNull();
    expect(categoryBody({ ...categoryDraft(category() as never), name: ' Cursos ', description: ' x ' })).toEqual({ name: 'Cursos', description: 'x', status: 'publish', thumbnail_file_id: null });
  });
});
