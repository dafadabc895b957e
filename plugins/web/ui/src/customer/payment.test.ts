import { describe, expect, it, vi } from 'vitest';
import { postToBank } from './payment';

describe('postToBank', () => {
  it("posts the signed fields to the bank's page as a hidden HTML form", () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const form = postToBank({ url: 'https://sis-t.redsys.es:25443/sis/realizarPago', fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'c2ln' } });
    expect(submitted).toEqual([form]);
    expect(form.isConnected).toBe(true);
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect([...form.querySelectorAll('input')].map((i) => [i.type, i.name, i.value])).toEqual([
      ['hidden', 'Ds_SignatureVersion', 'HMAC_SHA256_V1'],
      ['hidden', 'Ds_MerchantParameters', 'e30='],
      ['hidden', 'Ds_Signature', 'c2ln'],
    ]);
    form.remove();
  });
});
