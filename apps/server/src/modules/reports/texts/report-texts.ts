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
import { da } from './da';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { sv } from './sv';

/** Every text a report prints, per language. `{page}` and `{pages}` are replaced in footer.page. */
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

export const REPORT_TEXTS: Record<ReportLocale, ReportTexts> = { en, fr, es, pl, de, it, nl, pt, sv, da };
