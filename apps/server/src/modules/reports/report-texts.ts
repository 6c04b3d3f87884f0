import type {
  CustomerDecision,
  DamageKind,
  DamageSeverity,
  DamageZone,
  HealthCategory,
  HealthRating,
  ReportKind,
  ReportLocale,
  VehicleCondition,
} from '@forecourt/contracts';
import { withFallback } from '@forecourt/contracts/catalogue';
import en from './locales/en/reports.json' with { type: 'json' };
import fr from './locales/fr/reports.json' with { type: 'json' };
import es from './locales/es/reports.json' with { type: 'json' };
import pl from './locales/pl/reports.json' with { type: 'json' };
import de from './locales/de/reports.json' with { type: 'json' };
import it from './locales/it/reports.json' with { type: 'json' };
import nl from './locales/nl/reports.json' with { type: 'json' };
import pt from './locales/pt/reports.json' with { type: 'json' };
import sv from './locales/sv/reports.json' with { type: 'json' };
import da from './locales/da/reports.json' with { type: 'json' };

/** Every text a report prints, per language. `{{page}}` and `{{pages}}` are filled in footer.page. */
export interface ReportTexts {
  title: Record<ReportKind, string>;
  vehicle: {
    heading: string;
    registration: string;
    vin: string;
    brand: string;
    model: string;
    shootingDate: string;
    repairOrder: string;
    mileage: string;
    customer: string;
  };
  condition: Record<VehicleCondition, string> & { label: string };
  damages: {
    heading: string;
    zone: string;
    kind: string;
    severity: string;
    note: string;
    estimatedCost: string;
    total: string;
    none: string;
  };
  zone: Record<DamageZone, string>;
  kind: Record<DamageKind, string>;
  severity: Record<DamageSeverity, string>;
  vhc: {
    item: string;
    parts: string;
    labour: string;
    total: string;
    decision: string;
    subtotal: string;
    summary: string;
    proposed: string;
    accepted: string;
    declined: string;
    pending: string;
  };
  rating: Record<HealthRating, string>;
  decision: Record<CustomerDecision, string>;
  category: Record<HealthCategory, string>;
  tradeIn: { heading: string; amount: string; validUntil: string; conditions: string };
  photos: string;
  footer: { generated: string; page: string };
}

/**
 * The catalogue files `locales/<lang>/reports.json`, in the portal's format (@forecourt/contracts/catalogue);
 * a key a language lacks is read from French.
 */
export const REPORT_TEXTS: Record<ReportLocale, ReportTexts> = withFallback({
  en: en.reports,
  fr: fr.reports,
  es: es.reports,
  pl: pl.reports,
  de: de.reports,
  it: it.reports,
  nl: nl.reports,
  pt: pt.reports,
  sv: sv.reports,
  da: da.reports,
} satisfies Record<ReportLocale, ReportTexts>);
