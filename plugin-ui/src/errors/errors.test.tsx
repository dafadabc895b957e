import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ErrorList } from './ErrorList';

describe('<ErrorList>', () => {
  it('shows nothing without messages, one as text, several as a list', () => {
    const { rerender, container } = render(<ErrorList messages={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ErrorList messages={['El pago supera el importe pendiente']} testId="payment-errors" />);
    expect(screen.getByRole('alert')).toHaveTextContent('El pago supera el importe pendiente');
    expect(screen.getByTestId('payment-errors')).toBeInTheDocument();
    rerender(<ErrorList messages={['Uno', 'Dos']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Uno', 'Dos']);
    expect(screen.getByTestId('form-errors')).toBeInTheDocument();
  });
});
