import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { TabPanel, Tabs } from './Tabs';
import { createTestI18n } from '../testing/i18n';

function Page({ keepMounted = false }: { keepMounted?: boolean }) {
  const [tab, setTab] = useState('general');
  const tabs = [
    { key: 'general', label: 'General' },
    { key: 'sales', label: 'Ventas', marked: true },
    { key: 'lines', label: 'Productos' },
  ];
  return (
    <I18nextProvider i18n={createTestI18n()}>
      <Tabs id="p" label="Ficha del producto" tabs={tabs} selected={tab} onSelect={setTab} />
      {tabs.map((t) => (
        <TabPanel key={t.key} id="p" tab={t.key} selected={tab} keepMounted={keepMounted}>
          <input aria-label={`campo ${t.key}`} defaultValue="" />
        </TabPanel>
      ))}
    </I18nextProvider>
  );
}

describe('<Tabs>, <TabPanel>', () => {
  it('shows the selected panel, labelled by its tab; a marked tab says so', () => {
    render(<Page />);
    expect(screen.getByRole('tablist', { name: 'Ficha del producto' })).toBeInTheDocument();
    const general = screen.getByRole('tab', { name: 'General' });
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'General' })).toContainElement(screen.getByLabelText('campo general'));
    const sales = screen.getByRole('tab', { name: 'Ventas (revise los campos)' });
    expect(sales).toHaveTextContent('Ventas (revise los campos)');
    expect(sales).toHaveAttribute('data-marked', 'true');
    fireEvent.click(sales);
    expect(sales).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('campo general')).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: /Ventas/ })).toContainElement(screen.getByLabelText('campo sales'));
  });

  it('arrow keys, Home and End move between tabs', () => {
    render(<Page />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'General' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Productos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Productos' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Productos' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'General' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Productos' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Productos' }), { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keepMounted keeps what was typed in a hidden panel', () => {
    render(<Page keepMounted />);
    fireEvent.change(screen.getByLabelText('campo general'), { target: { value: 'Curso' } });
    fireEvent.click(screen.getByRole('tab', { name: /Ventas/ }));
    expect(screen.queryByRole('textbox', { name: 'campo general' })).not.toBeInTheDocument();
    expect(document.getElementById('p-panel-general')).toHaveAttribute('hidden');
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByLabelText('campo general')).toHaveValue('Curso');
  });
});
