/** An order id from an address (`?orderId=12`, `/orders/12`); anything else is no order. */
export function parseOrderId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
