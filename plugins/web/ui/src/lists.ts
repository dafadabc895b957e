/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens show
 * them. Their Spanish names are in the catalogue (`state.1`, `method.card`, `kinds.maps`…).
 */
import type { Environment, KeyKind, OrderState, PaymentMethod } from './api';

/** The plugin's one permission: every staff call needs it, reading and writing. */
export const PERMISSION = 'web';

export const ORDER_STATES: OrderState[] = [1, 2, 3, 4];
/** The state an order must be in to be marked configured. */
export const PAID: OrderState = 2;
/** The states in which an order can be invoiced (paid, or paid and configured). */
export const INVOICEABLE: OrderState[] = [2, 3];
export const PAYMENT_METHODS: PaymentMethod[] = ['card', 'bizum'];
export const ENVIRONMENTS: Environment[] = ['test', 'real'];
export const KEY_KINDS: KeyKind[] = ['maps', 'analytics', 'social', 'gateway', 'messaging', 'integration'];

/** The badge tone of each state: unpaid waits, paid asks for the staff, configured is done. */
export const STATE_TONE: Record<OrderState, string> = { 1: 'warning', 2: 'info', 3: 'success', 4: 'danger' };

/** The Redsys merchant code: 9 digits; the terminal: 1 to 3 (README, `gateway/update`). */
export const MERCHANT_CODE = /^\d{9}$/;
export const TERMINAL = /^\d{1,3}$/;

export const orderPath = (id: number) => `/web/orders/${id}`;
