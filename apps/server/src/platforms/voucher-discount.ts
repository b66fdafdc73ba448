const money = (amount: number) => `RM${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** "RM5 off", "10% off (max RM20)", "min. spend RM50" — how a merchant recognises a voucher. */
export function describeDiscount(v: {
  amountOff: number | null;
  percentOff: number | null;
  minimumSpend: number | null;
}): string {
  const off = v.amountOff ? `${money(v.amountOff)} off` : v.percentOff ? `${v.percentOff}% off` : 'Discount';
  return v.minimumSpend ? `${off}, min. spend ${money(v.minimumSpend)}` : off;
}
