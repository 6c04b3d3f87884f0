import { describe, expect, it } from 'vitest';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';

const ADMIN = 'manager@demo.forecourt.test'; // a provider administrator
const SALES = 'sales@demo.forecourt.test';

describe('settings: the CSV import of a group’s stocks', () => {
  const t = useTestApp();
  const post = async (csv: string, dryRun: boolean, email = ADMIN, group = 'grp-demo') =>
    t.app.inject({
      method: 'POST',
      url: `/api/settings/groups/${group}/stocks/import?dryRun=${dryRun}`,
      headers: await authHeaders(t.adapters, email),
      payload: { csv },
    });
  const stocks = () =>
    t.adapters.db
      .selectFrom('owners')
      .select(['id', 'name', 'label', 'contact_phone', 'contact_information'])
      .where('group_id', '=', 'grp-demo')
      .orderBy('name')
      .execute();

  it('dry run: says per line what would change, or what is wrong, and writes nothing', async () => {
    const before = await stocks();
    const good = [
      'name;label;phone;contact:Address;contact:Opening hours',
      'Demo Motors Lyon;Lyon;+33 4 28 29 45 67;45 cours Lafayette, 69003 Lyon;Mon-Fri 8:30-18:30',
      'demo motors paris;Paris Ouest;+33 1 84 88 12 34;12 avenue de la Grande Armée;',
      'Garage du Port;Marseille;+33 4 91 00 00 00;1 quai des Docks;',
    ].join('\n');
    const dry = await post(good, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      applied: false,
      errors: [],
      changes: [
        { line: 2, name: 'Demo Motors Lyon', action: 'UNCHANGED', fields: [] },
        { line: 3, name: 'demo motors paris', action: 'UPDATE', fields: ['name', 'label', 'contactInformation'] },
        { line: 4, name: 'Garage du Port', action: 'CREATE', fields: [] },
      ],
    });

    const bad = [
      'id,name,label,phone',
      ',,Nowhere,',
      'own-other-bordeaux,Bordeaux,Bordeaux,',
      ',Garage Neuf,,+33 4 91 00 00 00',
      ',Garage Neuf 2,Neuf,0491000000',
      ',Demo Motors Lille,Lille,',
      'own-demo-lille,Lille again,Lille,',
    ].join('\n');
    expect((await post(bad, true)).json()).toEqual({
      dryRun: true,
      applied: false,
      changes: [],
      errors: [
        { line: 2, field: 'name', reason: 'required' },
        { line: 3, field: 'id', reason: 'unknownStock', value: 'own-other-bordeaux' },
        { line: 4, field: 'label', reason: 'required' },
        { line: 5, field: 'phone', reason: 'invalidPhone', value: '0491000000' },
        { line: 7, field: 'id', reason: 'duplicateStock', value: 'own-demo-lille' },
      ],
    });
    expect((await post('name,colour\nX,red\n', true)).json().errors).toEqual([
      { line: 1, field: 'colour', reason: 'unknownColumn', value: 'colour' },
    ]);
    expect((await post('label\nX\n', true)).json().errors).toEqual([
      { line: 1, field: 'name', reason: 'missingColumn' },
    ]);
    expect((await post('name\n"unclosed\n', true)).json().errors).toEqual([
      { line: 2, field: '', reason: 'badQuotes' },
    ]);
    expect(await stocks()).toEqual(before);
  });

  it('all or nothing: one bad line writes nothing; a valid file is written whole and audited', async () => {
    const before = await stocks();
    const lines = ['name,label,phone,contact:Address'];
    for (let i = 1; i <= 12; i += 1)
      lines.push(`Bulk ${i},City ${i},+33 4 91 00 00 ${String(i).padStart(2, '0')},${i} rue X`);
    const refused = await post([...lines, 'Bulk 13,,,'].join('\n'), false);
    expect(refused.json()).toMatchObject({
      applied: false,
      errors: [{ line: 14, field: 'label', reason: 'required' }],
    });
    expect(await stocks()).toEqual(before);

    const lyon = 'Demo Motors Lyon,Lyon,+33 4 28 29 45 67,"46 cours Lafayette, 69003 Lyon"';
    const applied = await post([...lines, 'Demo Motors Paris,Paris centre,,', lyon].join('\n'), false);
    expect(applied.json()).toMatchObject({ applied: true, errors: [] });
    const after = await stocks();
    expect(after).toHaveLength(before.length + 12);
    expect(after.find((s) => s.name === 'Bulk 7')).toMatchObject({
      label: 'City 7',
      contact_phone: '+33491000007',
      contact_information: JSON.stringify([{ title: 'Address', value: '7 rue X' }]),
    });
    // An update sets the columns the file has: the phone column empties the phone, the card is the file's.
    expect(after.find((s) => s.id === 'own-demo-paris')).toMatchObject({
      label: 'Paris centre',
      contact_phone: null,
      contact_information: '[]',
    });
    // A line of the card keeps its title's translations, given in the stock's dialog, which no column holds.
    const lyonCard = JSON.parse(after.find((s) => s.id === 'own-demo-lyon')!.contact_information) as unknown[];
    expect(lyonCard).toEqual([
      { title: 'Address', value: '46 cours Lafayette, 69003 Lyon', titles: expect.objectContaining({ fr: 'Adresse' }) },
    ]);
    const audit = await t.adapters.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('group_id', '=', 'grp-demo')
      .where('action', 'in', ['stock.create', 'stock.update'])
      .execute();
    expect(audit.filter((a) => a.action === 'stock.create')).toHaveLength(12);
    expect(audit).toContainEqual({ action: 'stock.update', target_id: 'own-demo-paris' });
    // The same file again changes nothing: its stocks are found by name.
    const again = await post([...lines, 'Demo Motors Paris,Paris centre,,', lyon].join('\n'), true);
    expect(again.json().changes.every((c: { action: string }) => c.action === 'UNCHANGED')).toBe(true);
  });

  it('is for the settings’ staff only; a missing group is 404', async () => {
    expect((await post('name,label\nX,Y\n', true, SALES)).statusCode).toBe(403);
    expect((await post('name,label\nX,Y\n', true, ADMIN, 'grp-nowhere')).statusCode).toBe(404);
  });
});
