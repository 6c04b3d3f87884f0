import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SqlWorker } from '../../platform/queue/sql-worker';
import {
  HEALTH_CHECK,
  inspectionApi,
  makeInspectionShooting,
  MANAGER,
  OTHER,
  setupInspections,
  WORKSHOP,
  type InspectionShooting,
  type InspectionTest,
} from '../inspections/inspections.test-helpers';
import { readPdf } from './pdf-text.test-helper';
import { reportsModule } from './reports.module';
import { swapReportBlob } from './reports.repo';
import { RETIRE_MARGIN_MS } from './reports.service';

describe('inspection reports', () => {
  let t: InspectionTest;
  let inspection: InspectionShooting;
  let repairOrder: InspectionShooting;
  let empty: InspectionShooting;

  const call = inspectionApi(() => t);

  /** Follows a report's pdfUrl and reads the file with poppler. */
  const download = async (pdfUrl: string) => {
    const res = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return readPdf(res.rawPayload);
  };
  /** Downloads a report and expects each of `texts` in it; answers the PDF read. */
  const expectPdfText = async (pdfUrl: string, texts: string[]) => {
    const pdf = await download(pdfUrl);
    for (const text of texts) expect(pdf.text).toContain(text);
    return pdf;
  };

  beforeAll(async () => {
    t = await setupInspections();
    inspection = await makeInspectionShooting(t, { type: 'INSPECTION', registration: 'ŁÓ-123-ŹŻ' });
    repairOrder = await makeInspectionShooting(t, { type: 'INSPECTION_REPAIR_ORDER', registration: 'RO-200-EF' });
    empty = await makeInspectionShooting(t, { type: 'INSPECTION', registration: 'NO-000-PD' });

    await call('PUT', `${inspection.path}/inspection`, MANAGER, { overallCondition: 'FAIR' });
    await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'FRONT_LEFT',
      kind: 'SCRATCH',
      severity: 'MINOR',
      imageId: inspection.images[0]!.id,
      note: 'Zarysowanie zderzaka, łatwe do usunięcia',
      estimatedCostCents: 18_000,
    });
    await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'REAR',
      kind: 'DENT',
      severity: 'SEVERE',
      estimatedCostCents: 45_050,
    });
    await call('POST', `${inspection.path}/trade-in-offers`, MANAGER, {
      amountCents: 1_250_000,
      validUntil: '2030-06-30',
      conditions: 'Sous réserve du contrôle technique',
    });

    await call('PUT', `${repairOrder.path}/inspection`, WORKSHOP, {
      repairOrder: { number: 'OR-2024-0042', mileage: 84_210, customerName: 'Paweł Żółkiewski' },
    });
    const add = (body: object) => call('POST', `${repairOrder.path}/health-check-items`, WORKSHOP, body);
    await add({ ...HEALTH_CHECK.frontPads, decision: 'ACCEPTED', imageId: repairOrder.images[1]!.id });
    await add(HEALTH_CHECK.rearTyres);
    await add({
      category: 'WIPERS',
      label: 'Wiper blades',
      rating: 'AMBER',
      partsPriceCents: 2_500,
      labourPriceCents: 500,
    });
    await add(HEALTH_CHECK.headlights);
  });
  afterAll(async () => t.close());

  it('generates the damages report in French with the vehicle, the damages, the total and the photos', async () => {
    const res = await call('GET', `${inspection.path}/damages/reports?locale=fr`);
    expect(res.statusCode).toBe(200);
    const [report] = res.json().data;
    expect(report).toMatchObject({ kind: 'DAMAGES', locale: 'fr' });
    const pdf = await expectPdfText(report.pdfUrl, [
      'Rapport de dommages',
      'Demo Motors Paris',
      'ŁÓ-123-ŹŻ',
      'Renault',
      'Avant gauche',
      'Rayure',
      'Légère',
      'Arrière',
      'Bosse',
      'Importante',
      'État général',
      'Moyen',
      '180,00 €',
      '450,50 €',
      'Total des réparations estimées',
      '630,50 €',
      'Photos',
    ]);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
  });

  it('generates the damages report in Polish', async () => {
    const res = await call('GET', `${inspection.path}/damages/reports?locale=pl`);
    await expectPdfText(res.json().data[0].pdfUrl, [
      'Raport uszkodzeń',
      'ŁÓ-123-ŹŻ',
      'Przód lewy',
      'Zarysowanie',
      'Drobne',
      'Zarysowanie zderzaka, łatwe do usunięcia',
      'Wgniecenie',
      'Poważne',
      'Stan ogólny',
      'Przeciętny',
      'Łączny szacowany koszt napraw',
      '630,50 €',
      'Zdjęcia',
    ]);
  });

  it('generates the VHC report in Polish with red, amber and green sections, totals and what was accepted', async () => {
    const res = await call('GET', `${repairOrder.path}/vhc/report?locale=pl`, WORKSHOP);
    expect(res.statusCode).toBe(200);
    await expectPdfText(res.json().data.pdfUrl, [
      'Kontrola stanu pojazdu',
      'RO-200-EF',
      'OR-2024-0042',
      'Paweł Żółkiewski',
      'Wymaga natychmiastowej naprawy (1)',
      'Wymaga uwagi wkrótce (2)',
      'Sprawdzone, w porządku (1)',
      'Hamulce — Front pads',
      'Opony — Rear tyres',
      '140,00 €',
      '260,00 €',
      'Zaakceptowano',
      'Odrzucono',
      'Zalecane prace 400,00 €',
      'Zaakceptowane przez klienta 140,00 €',
      'Odrzucone przez klienta 230,00 €',
      'Oczekuje na decyzję 30,00 €',
    ]);
  });

  it('generates the VHC report in French too', async () => {
    const res = await call('GET', `${repairOrder.path}/vhc/report?locale=fr`, WORKSHOP);
    await expectPdfText(res.json().data.pdfUrl, [
      'Contrôle de santé du véhicule',
      'Freins — Front pads',
      'Intervention immédiate requise (1)',
      'Acceptés par le client 140,00 €',
      'Sous-total 260,00 €',
    ]);
  });

  it('generates the trade-in offer in Polish and French, in the user’s language when none is asked', async () => {
    const pl = await call('GET', `${inspection.path}/trade-in-offers/reports?locale=pl`);
    await expectPdfText(pl.json().data.pdfUrl, [
      'Oferta odkupu',
      'ŁÓ-123-ŹŻ',
      'Proponowana kwota',
      '12 500,00 €',
      'Ważna do',
      '30/06/2030',
      'Sous réserve du contrôle technique',
    ]);

    const fr = await call('GET', `${inspection.path}/trade-in-offers/reports?locale=fr`);
    await expectPdfText(fr.json().data.pdfUrl, [
      'Offre de reprise',
      'Montant proposé',
      '12 500,00 €',
      "Valable jusqu'au",
      '30/06/2030',
    ]);
    const own = await call('GET', `${inspection.path}/trade-in-offers/reports`);
    expect(own.json().data.locale).toBe('en');
    expect((await download(own.json().data.pdfUrl)).text).toContain('Trade-in offer');
  });

  it('answers empty data when there is nothing to report (NO_PDF)', async () => {
    expect((await call('GET', `${empty.path}/damages/reports`)).json()).toEqual({ data: [] });
    expect((await call('GET', `${empty.path}/trade-in-offers/reports`)).json()).toEqual({ data: null });
    expect((await call('GET', `${inspection.path}/vhc/report`)).json()).toEqual({ data: null });
  });

  it('answers 404 for another dealer and 403 for trade-in without access', async () => {
    expect((await call('GET', `${inspection.path}/damages/reports`, OTHER)).statusCode).toBe(404);
    expect((await call('GET', `${repairOrder.path}/trade-in-offers/reports`, WORKSHOP)).statusCode).toBe(403);
  });

  it('renders a report asked for twice at once only once, and answers both with it', async () => {
    const puts = vi.spyOn(t.adapters.blobs, 'put');
    try {
      const [a, b] = await Promise.all([
        call('GET', `${repairOrder.path}/vhc/report?locale=de`),
        call('GET', `${repairOrder.path}/vhc/report?locale=de`),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json().data.id).toBe(a.json().data.id);
      expect(puts.mock.calls.filter(([key]) => key.includes('/reports/vhc-de-'))).toHaveLength(1);
    } finally {
      puts.mockRestore();
    }
    const stored = await call('GET', `${repairOrder.path}/vhc/report?locale=de`);
    expect((await download(stored.json().data.pdfUrl)).text).toContain('OR-2024-0042');
  });

  /** Runs the reports' jobs until `finished` holds. */
  const runReportJobs = async (finished: () => Promise<boolean>) => {
    const worker = new SqlWorker(t.adapters.queue, reportsModule.jobs!(t.adapters), { concurrency: 1 });
    worker.start();
    try {
      while (!(await finished())) await new Promise((r) => setImmediate(r));
    } finally {
      await worker.stop(1000);
    }
  };
  const storedKey = async (shootingId: string, kind: string, locale: string) =>
    (
      await t.adapters.db
        .selectFrom('reports')
        .select('blob_key')
        .where('shooting_id', '=', shootingId)
        .where('kind', '=', kind)
        .where('locale', '=', locale)
        .executeTakeFirstOrThrow()
    ).blob_key;

  it('keeps serving a link handed out before a rebuild, and deletes the replaced file once every such link has expired', async () => {
    const before = (await call('GET', `${repairOrder.path}/vhc/report?locale=it`, WORKSHOP)).json().data;
    const oldKey = await storedKey(repairOrder.shootingId, 'VHC', 'it');
    const oldBytes = (await t.app.inject({ method: 'GET', url: before.pdfUrl })).rawPayload;

    t.clock.advance(1000);
    await call('POST', `${repairOrder.path}/health-check-items`, WORKSHOP, {
      category: 'BATTERY',
      label: 'Battery',
      rating: 'RED',
      partsPriceCents: 12_000,
      labourPriceCents: 1_000,
    });
    const after = (await call('GET', `${repairOrder.path}/vhc/report?locale=it`, WORKSHOP)).json().data;
    const newKey = await storedKey(repairOrder.shootingId, 'VHC', 'it');
    expect(newKey).not.toBe(oldKey);
    expect(after.pdfUrl).not.toBe(before.pdfUrl);
    expect((await download(after.pdfUrl)).text).toContain('Battery');

    // The link taken before the rebuild still reads the rendering it was given, whole and unchanged.
    const old = await t.app.inject({ method: 'GET', url: before.pdfUrl });
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(oldBytes)).toBe(true);
    expect((await readPdf(old.rawPayload)).text).not.toContain('Battery');

    // Not deleted while a link to it may still be valid: its deletion waits in the queue ...
    expect((await t.adapters.queue.getByKey(`reports.retire-rendering:${oldKey}`))?.status).toBe('queued');
    expect(await t.adapters.blobs.head(oldKey)).not.toBeNull();
    // ... and gone once the longest link has expired; the current rendering stays.
    t.clock.advance(3600 * 1000 + RETIRE_MARGIN_MS);
    await runReportJobs(
      async () => (await t.adapters.queue.getByKey(`reports.retire-rendering:${oldKey}`))?.status === 'done',
    );
    expect(await t.adapters.blobs.head(oldKey)).toBeNull();
    expect(await t.adapters.blobs.head(newKey)).not.toBeNull();
  });

  it('moves a report to a new rendering only from the rendering it replaced: of two processes rendering at once, one wins', async () => {
    const current = await storedKey(repairOrder.shootingId, 'VHC', 'pl');
    const row = (blob: string) => ({
      id: 'unused',
      shooting_id: repairOrder.shootingId,
      kind: 'VHC',
      locale: 'pl',
      blob_key: blob,
      data_version: 'v-race',
      now: t.clock.now().toISOString(),
    });
    // Both read `current`, both rendered; the first to store wins, the second finds the row moved on.
    expect(await swapReportBlob(t.adapters.db, row(`${current}-first`), current)).toBe(true);
    expect(await swapReportBlob(t.adapters.db, row(`${current}-second`), current)).toBe(false);
    // Both found no row: the second insert is refused the same way.
    expect(await swapReportBlob(t.adapters.db, row(`${current}-third`), null)).toBe(false);
    expect(await storedKey(repairOrder.shootingId, 'VHC', 'pl')).toBe(`${current}-first`);
    expect(await swapReportBlob(t.adapters.db, row(current), `${current}-first`)).toBe(true);
  });

  it('serves the stored report while the data is unchanged and rebuilds it by job when the data changes', async () => {
    const first = (await call('GET', `${inspection.path}/damages/reports?locale=fr`)).json().data[0];
    const again = (await call('GET', `${inspection.path}/damages/reports?locale=fr`)).json().data[0];
    expect(again.updated).toBe(first.updated);

    t.clock.advance(60_000);
    await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'ROOF',
      kind: 'RUST',
      severity: 'MODERATE',
      estimatedCostCents: 9_950,
    });
    // The change queued reports.refresh-shooting, which queues reports.refresh: counted in that order.
    await runReportJobs(async () => {
      const counts = [
        await t.adapters.queue.counts('reports.refresh-shooting'),
        await t.adapters.queue.counts('reports.refresh'),
      ];
      return counts.every((c) => c.queued + c.running === 0);
    });
    const stored = await t.adapters.db
      .selectFrom('reports')
      .selectAll()
      .where('shooting_id', '=', inspection.shootingId)
      .where('kind', '=', 'DAMAGES')
      .where('locale', '=', 'fr')
      .executeTakeFirstOrThrow();
    expect(stored.updated_at > first.updated).toBe(true);
    expect(stored.created_at).toBe(first.created);
    const rebuilt = (await call('GET', `${inspection.path}/damages/reports?locale=fr`)).json().data[0];
    expect(rebuilt).toMatchObject({ id: first.id, created: first.created, updated: stored.updated_at });
    const pdf = await download(rebuilt.pdfUrl);
    expect(pdf.text).toContain('Toit');
    expect(pdf.text).toContain('730,00 €');
  });
});
