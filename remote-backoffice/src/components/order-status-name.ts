/**
 * Staff read an order's state, not WooCommerce's stored word: "admin-comp-win" in particular means
 * nothing to support on the phone. An unknown status is shown as stored, so a new one is never hidden.
 */
const orderStatusNames: Readonly<Record<string, string>> = {
  pending: 'Awaiting payment',
  processing: 'Processing',
  completed: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Payment failed',
  'admin-comp-win': 'Ticket win (free tickets)',
};

export const orderStatusName = (status: string): string => orderStatusNames[status] ?? status;
