/** An amount in cents as the user's language writes money. */
export const formatMoney = (cents: number, currency: string, language: string): string =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
