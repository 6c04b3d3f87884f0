import { FUNNEL_STEPS, type FunnelCounts, type FunnelResponse } from '@forecourt/contracts';
import { csvCell } from '../audit/audit-csv';

/** The CSV's headers and row kinds in the portal's ten languages (French when another). */
interface FunnelCsvTexts {
  group: string;
  name: string;
  steps: Record<keyof FunnelCounts, string>;
  total: string;
  salesperson: string;
  stock: string;
  week: string;
}

const TEXTS: Record<string, FunnelCsvTexts> = {
  en: {
    group: 'Breakdown',
    name: 'Name',
    steps: { sent: 'Sent', opened: 'Opened', engaged: 'Engaged', acted: 'Rated or called' },
    total: 'Total',
    salesperson: 'Salesperson',
    stock: 'Stock',
    week: 'Week of',
  },
  fr: {
    group: 'Regroupement',
    name: 'Nom',
    steps: { sent: 'Envoyés', opened: 'Ouverts', engaged: 'Engagés', acted: 'Notés ou appelés' },
    total: 'Total',
    salesperson: 'Vendeur',
    stock: 'Stock',
    week: 'Semaine du',
  },
  es: {
    group: 'Desglose',
    name: 'Nombre',
    steps: { sent: 'Enviados', opened: 'Abiertos', engaged: 'Interesados', acted: 'Valorados o llamados' },
    total: 'Total',
    salesperson: 'Vendedor',
    stock: 'Stock',
    week: 'Semana del',
  },
  pl: {
    group: 'Podział',
    name: 'Nazwa',
    steps: { sent: 'Wysłane', opened: 'Otwarte', engaged: 'Zaangażowane', acted: 'Ocenione lub z telefonem' },
    total: 'Razem',
    salesperson: 'Sprzedawca',
    stock: 'Stok',
    week: 'Tydzień od',
  },
  de: {
    group: 'Aufschlüsselung',
    name: 'Name',
    steps: { sent: 'Gesendet', opened: 'Geöffnet', engaged: 'Interessiert', acted: 'Bewertet oder angerufen' },
    total: 'Gesamt',
    salesperson: 'Verkäufer',
    stock: 'Bestand',
    week: 'Woche ab',
  },
  it: {
    group: 'Suddivisione',
    name: 'Nome',
    steps: { sent: 'Inviati', opened: 'Aperti', engaged: 'Coinvolti', acted: 'Valutati o chiamati' },
    total: 'Totale',
    salesperson: 'Venditore',
    stock: 'Stock',
    week: 'Settimana del',
  },
  nl: {
    group: 'Uitsplitsing',
    name: 'Naam',
    steps: { sent: 'Verzonden', opened: 'Geopend', engaged: 'Betrokken', acted: 'Beoordeeld of gebeld' },
    total: 'Totaal',
    salesperson: 'Verkoper',
    stock: 'Voorraad',
    week: 'Week van',
  },
  pt: {
    group: 'Desagregação',
    name: 'Nome',
    steps: { sent: 'Enviados', opened: 'Abertos', engaged: 'Envolvidos', acted: 'Avaliados ou contactados' },
    total: 'Total',
    salesperson: 'Vendedor',
    stock: 'Stock',
    week: 'Semana de',
  },
  sv: {
    group: 'Uppdelning',
    name: 'Namn',
    steps: { sent: 'Skickade', opened: 'Öppnade', engaged: 'Engagerade', acted: 'Betygsatta eller ringde' },
    total: 'Totalt',
    salesperson: 'Säljare',
    stock: 'Lager',
    week: 'Vecka från',
  },
  da: {
    group: 'Opdeling',
    name: 'Navn',
    steps: { sent: 'Sendt', opened: 'Åbnet', engaged: 'Engagerede', acted: 'Bedømt eller ringede' },
    total: 'I alt',
    salesperson: 'Sælger',
    stock: 'Lager',
    week: 'Uge fra',
  },
};

export const funnelCsvTexts = (lang: string): FunnelCsvTexts => TEXTS[lang.slice(0, 2).toLowerCase()] ?? TEXTS.fr!;

/**
 * The funnel as CSV (RFC 4180, CRLF, a byte-order mark so that spreadsheets read UTF-8): the total, then a
 * row per salesperson, per stock and per week. Names come from users, so cells are formula-safe (`csvCell`).
 */
export function funnelCsv(f: FunnelResponse, lang: string): string {
  const t = funnelCsvTexts(lang);
  const row = (kind: string, name: string, c: FunnelCounts) =>
    [kind, name, ...FUNNEL_STEPS.map((s) => c[s])].map(csvCell).join(',');
  const lines = [
    [t.group, t.name, ...FUNNEL_STEPS.map((s) => t.steps[s])].map(csvCell).join(','),
    row(t.total, `${f.from} – ${f.to}`, f.totals),
    ...f.salespeople.map((p) => row(t.salesperson, p.name, p.counts)),
    ...f.stocks.map((s) => row(t.stock, s.name, s.counts)),
    ...f.weeks.map((w) => row(t.week, w.week, w.counts)),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
