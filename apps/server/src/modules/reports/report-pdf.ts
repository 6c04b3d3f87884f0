import { HEALTH_RATINGS, type HealthRating } from '@forecourt/contracts';
import { interpolate } from '@forecourt/contracts/catalogue';
import { PdfLayout } from './pdf-layout';
import { reportFonts } from './report-fonts';
import type { ReportImages } from './report-images';
import type { ReportModel, ReportPhoto } from './report-model';
import { REPORT_TEXTS, type ReportTexts } from './report-texts';

const RATING_COLOURS: Record<HealthRating, string> = { RED: '#c62828', AMBER: '#d97706', GREEN: '#2e7d32' };

/** Dates as the portal shows them: DD/MM/YYYY (spec section 9). */
const day = (iso: string): string => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};
const dayTime = (date: Date): string => `${day(date.toISOString())} ${date.toISOString().slice(11, 16)} UTC`;

interface Ctx {
  pdf: PdfLayout;
  model: ReportModel;
  images: ReportImages;
  t: ReportTexts;
  money: (cents: number) => string;
}

/** Renders one report as a PDF file, in the model's language. */
export async function renderReport(model: ReportModel, images: ReportImages, generatedAt: Date): Promise<Buffer> {
  const t = REPORT_TEXTS[model.locale];
  const title = t.title[model.kind];
  const pdf = new PdfLayout(reportFonts(), {
    title: `${title} ${model.vehicle.registration}`,
    author: model.owner.name,
    lang: model.locale,
  });
  const format = new Intl.NumberFormat(model.locale, { style: 'currency', currency: model.currency });
  const ctx: Ctx = { pdf, model, images, t, money: (cents) => format.format(cents / 100) };

  pdf.header({
    logo: images.logo,
    ownerName: model.owner.name,
    phone: model.owner.phone,
    contact: model.owner.contact,
    title,
  });
  vehicle(ctx);
  if (model.kind === 'DAMAGES') damages(ctx);
  else if (model.kind === 'VHC') healthCheck(ctx);
  else tradeIn(ctx);
  gallery(ctx);
  return pdf.finish(
    (page, pages) => `${t.footer.generated} ${dayTime(generatedAt)} — ${interpolate(t.footer.page, { page, pages })}`,
  );
}

function vehicle({ pdf, model, t }: Ctx): void {
  const v = model.vehicle;
  const facts: [string, string][] = [
    [t.vehicle.registration, v.registration],
    [t.vehicle.vin, v.vin.startsWith('Virtual_') ? '—' : v.vin],
    [t.vehicle.brand, v.brand ?? '—'],
    [t.vehicle.model, v.model ?? '—'],
    [t.vehicle.shootingDate, day(v.shootingDate)],
  ];
  if (model.repairOrder) {
    facts.push(
      [t.vehicle.repairOrder, model.repairOrder.number],
      [t.vehicle.mileage, `${new Intl.NumberFormat(model.locale).format(model.repairOrder.mileage)} km`],
      [t.vehicle.customer, model.repairOrder.customerName],
    );
  }
  if (model.overallCondition && model.kind !== 'VHC')
    facts.push([t.condition.label, t.condition[model.overallCondition]]);
  pdf.heading(t.vehicle.heading);
  pdf.facts(facts);
}

function photoCells(ctx: Ctx, entries: { photo: ReportPhoto | null; caption: string }[]) {
  return entries.flatMap(({ photo, caption }) => {
    const image = photo ? ctx.images.photos.get(photo.imageId) : undefined;
    return image ? [{ image, caption }] : [];
  });
}

function damages(ctx: Ctx): void {
  const { pdf, model, t, money } = ctx;
  pdf.heading(t.damages.heading);
  if (model.damages.length === 0) {
    pdf.paragraph(t.damages.none);
    return;
  }
  const w = pdf.width;
  const total = model.damages.reduce((sum, d) => sum + d.estimatedCostCents, 0);
  pdf.table(
    [
      { header: '#', width: 22 },
      { header: t.damages.zone, width: w * 0.18 },
      { header: t.damages.kind, width: w * 0.15 },
      { header: t.damages.severity, width: w * 0.13 },
      { header: t.damages.note, width: w * 0.54 - 22 - 90 },
      { header: t.damages.estimatedCost, width: 90, align: 'right' },
    ],
    [
      ...model.damages.map((d, i) => [
        String(i + 1),
        t.zone[d.zone],
        t.kind[d.kind],
        t.severity[d.severity],
        d.note,
        money(d.estimatedCostCents),
      ]),
      ['', '', '', '', t.damages.total, money(total)],
    ],
    { boldLastRow: true },
  );
  pdf.photoGrid(
    photoCells(
      ctx,
      model.damages.map((d, i) => ({
        photo: d.photo,
        caption: `${i + 1}. ${t.zone[d.zone]} — ${t.kind[d.kind]} (${t.severity[d.severity]})`,
      })),
    ),
  );
}

function healthCheck(ctx: Ctx): void {
  const { pdf, model, t, money } = ctx;
  const w = pdf.width;
  const columns = [
    { header: t.vhc.item, width: w - 3 * 70 - 100 },
    { header: t.vhc.parts, width: 70, align: 'right' as const },
    { header: t.vhc.labour, width: 70, align: 'right' as const },
    { header: t.vhc.total, width: 70, align: 'right' as const },
    { header: t.vhc.decision, width: 100 },
  ];
  for (const rating of HEALTH_RATINGS) {
    const items = model.items.filter((i) => i.rating === rating);
    if (items.length === 0) continue;
    pdf.heading(`${t.rating[rating]} (${items.length})`, RATING_COLOURS[rating]);
    pdf.table(
      columns,
      [
        ...items.map((i) => [
          `${t.category[i.category]} — ${i.label}${i.note ? `\n${i.note}` : ''}`,
          money(i.partsPriceCents),
          money(i.labourPriceCents),
          money(i.partsPriceCents + i.labourPriceCents),
          rating === 'GREEN' ? '—' : t.decision[i.decision],
        ]),
        [t.vhc.subtotal, '', '', money(model.totals[rating].totalCents), ''],
      ],
      { boldLastRow: true },
    );
    pdf.photoGrid(
      photoCells(
        ctx,
        items.map((i) => ({ photo: i.photo, caption: `${t.category[i.category]} — ${i.label}` })),
      ),
    );
  }
  pdf.heading(t.vhc.summary);
  pdf.table(
    [
      { header: '', width: w - 120 },
      { header: t.vhc.total, width: 120, align: 'right' },
    ],
    [
      [t.vhc.proposed, money(model.totals.proposedCents)],
      [t.vhc.declined, money(model.totals.declinedCents)],
      [t.vhc.pending, money(model.totals.pendingCents)],
      [t.vhc.accepted, money(model.totals.acceptedCents)],
    ],
    { boldLastRow: true },
  );
}

function tradeIn({ pdf, model, t, money }: Ctx): void {
  for (const offer of model.offers) {
    pdf.heading(t.tradeIn.heading);
    pdf.facts([
      [t.tradeIn.amount, money(offer.amountCents)],
      [t.tradeIn.validUntil, day(offer.validUntil)],
    ]);
    if (offer.conditions) {
      pdf.paragraph(t.tradeIn.conditions, { bold: true, size: 9 });
      pdf.paragraph(offer.conditions, { size: 9 });
    }
  }
  if (model.damages.length > 0) {
    pdf.heading(t.damages.heading);
    pdf.paragraph(
      model.damages
        .map((d) => `• ${t.zone[d.zone]} — ${t.kind[d.kind]} (${t.severity[d.severity]})${d.note ? `: ${d.note}` : ''}`)
        .join('\n'),
      { size: 9 },
    );
  }
}

function gallery(ctx: Ctx): void {
  const cells = photoCells(
    ctx,
    ctx.model.gallery.map((photo) => ({ photo, caption: '' })),
  ).map(({ image }) => ({ image }));
  if (cells.length === 0) return;
  // The heading goes to the next page with the first row of photos rather than stay alone at the bottom.
  ctx.pdf.heading(ctx.t.photos, 'black', ctx.pdf.photoRowHeight(cells));
  ctx.pdf.photoGrid(cells);
}
