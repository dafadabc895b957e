import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { hasPermission, hasService, type SessionUser } from './guards';
import { Guard, SessionProvider, useSession } from './SessionContext';
import { createSessionStore } from './storage';

const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  user_id: 1,
  email: 'a@b.es',
  first_name: 'Ana',
  last_name: 'B',
  role: 'profesor',
  business: { business_id: 1, name: 'Auto', fiscal_name: 'Auto SL' },
  services: [{ id: 'dgt' }],
  permissions: ['contact.read'],
  ...over,
});

describe('guards', () => {
  it('super has every permission', () => {
    expect(hasPermission(user({ role: 'super', permissions: [] }), 'anything.at.all')).toBe(true);
  });
  it('others need the permission listed', () => {
    expect(hasPermission(user(), 'contact.read')).toBe(true);
    expect(hasPermission(user(), 'contact.delete')).toBe(false);
    expect(hasPermission(null, 'contact.read')).toBe(false);
  });
  it('a service is allowed when services holds {id}', () => {
    expect(hasService(user(), 'dgt')).toBe(true);
    expect(hasService(user(), 'cap')).toBe(false);
    expect(hasService(user({ services: undefined as never }), 'dgt')).toBe(false);
    expect(hasService(null, 'dgt')).toBe(false);
  });
});

function Who() {
  const session = useSession();
  return <p data-testid="who">{session.user ? session.user.first_name : '-'}</p>;
}

describe('SessionProvider and Guard', () => {
  it('renders guarded content by permission and service, and forgets the user on purge', () => {
    const store = createSessionStore();
    store.signIn('t', 'profesor');
    render(
      <SessionProvider store={store} initialUser={user()}>
        <Who />
        <Guard permission="contact.read"><span>can-read</span></Guard>
        <Guard permission="contact.delete" fallback={<span>no-delete</span>}><span>can-delete</span></Guard>
        <Guard service="cap"><span>cap</span></Guard>
        <Guard service="dgt" permission="contact.read"><span>dgt-read</span></Guard>
      </SessionProvider>,
    );
    expect(screen.getByTestId('who')).toHaveTextContent('Ana');
    expect(screen.getByText('can-read')).toBeInTheDocument();
    expect(screen.getByText('no-delete')).toBeInTheDocument();
    expect(screen.queryByText('can-delete')).toBeNull();
    expect(screen.queryByText('cap')).toBeNull();
    expect(screen.getByText('dgt-read')).toBeInTheDocument();
    act(() => store.purge());
    expect(screen.getByTestId('who')).toHaveTextContent('-');
    expect(screen.queryByText('can-read')).toBeNull();
  });
});
