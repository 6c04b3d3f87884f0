/**
 * The demo dealer groups, owners and accounts. Ids are fixed so that seeding twice changes nothing and
 * tests can name them. User ids are UUIDs: the portal treats a UUID preferred_username as a non-legacy
 * account and a numeric one as legacy.
 */
export const DEMO_PASSWORD = 'forecourt';

export const DEMO_GROUPS = [
  { id: 'grp-demo', name: 'Garage Demo Group' },
  { id: 'grp-other', name: 'Other Dealer Group' },
] as const;

const ADDRESS = {
  en: 'Address',
  fr: 'Adresse',
  es: 'Dirección',
  pl: 'Adres',
  de: 'Adresse',
  it: 'Indirizzo',
  nl: 'Adres',
  pt: 'Morada',
  sv: 'Adress',
  da: 'Adresse',
};
const OPENING_HOURS = {
  en: 'Opening hours',
  fr: "Horaires d'ouverture",
  es: 'Horario',
  pl: 'Godziny otwarcia',
  de: 'Öffnungszeiten',
  it: 'Orari di apertura',
  nl: 'Openingstijden',
  pt: 'Horário',
  sv: 'Öppettider',
  da: 'Åbningstider',
};
const E_MAIL = {
  en: 'E-mail',
  fr: 'E-mail',
  es: 'Correo electrónico',
  pl: 'E-mail',
  de: 'E-Mail',
  it: 'E-mail',
  nl: 'E-mail',
  pt: 'E-mail',
  sv: 'E-post',
  da: 'E-mail',
};

// Titles in each language: the player shows the visitor's (issue 34 point 10).
export const DEMO_OWNERS = [
  {
    id: 'own-demo-paris',
    groupId: 'grp-demo',
    name: 'Demo Motors Paris',
    label: 'Paris',
    phone: '+33 1 84 88 12 34',
    contact: [
      { title: 'Address', value: '12 avenue de la Grande Armée, 75017 Paris', titles: ADDRESS },
      { title: 'Opening hours', value: 'Mon-Sat 9:00-19:00', titles: OPENING_HOURS },
      { title: 'E-mail', value: 'paris@demo.forecourt.test', titles: E_MAIL },
    ],
    colour: '#1d4ed8',
  },
  {
    id: 'own-demo-lyon',
    groupId: 'grp-demo',
    name: 'Demo Motors Lyon',
    label: 'Lyon',
    phone: '+33 4 28 29 45 67',
    contact: [
      { title: 'Address', value: '45 cours Lafayette, 69003 Lyon', titles: ADDRESS },
      { title: 'Opening hours', value: 'Mon-Fri 8:30-18:30', titles: OPENING_HOURS },
    ],
    colour: '#047857',
  },
  {
    id: 'own-demo-lille',
    groupId: 'grp-demo',
    name: 'Demo Motors Lille',
    label: '',
    phone: '+33 3 20 55 66 77',
    contact: [{ title: 'Address', value: '8 rue Nationale, 59000 Lille', titles: ADDRESS }],
    colour: '#b91c1c',
  },
  {
    id: 'own-other-bordeaux',
    groupId: 'grp-other',
    name: 'Other Dealer Bordeaux',
    label: 'Bordeaux',
    phone: '+33 5 56 00 11 22',
    contact: [{ title: 'Address', value: '3 quai des Chartrons, 33000 Bordeaux', titles: ADDRESS }],
    colour: '#7c3aed',
  },
] as const;

const ALL_OPTIONS = {
  useVideoLive: true,
  useAdminVideo: true,
  vehicleIdentificationMethods: ['VIN', 'REGISTRATION'],
  use2spect: true,
  useSendEmail: true,
  useSendSms: true,
  useDeleteShooting: true,
  useResendDMSOnStampotheque: true,
  useLicensePlateCover: true,
  useCropping: true,
  useRestamp: true,
};

export const DEMO_USERS = [
  {
    id: '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0001',
    email: 'manager@demo.forecourt.test',
    givenName: 'Camille',
    familyName: 'Martin',
    locale: 'en',
    groupId: 'grp-demo',
    habilitations: ['PROVIDER_ADMINISTRATOR'],
    roles: ['manage-users'],
    models: ['VIDEO', 'PROCESS', 'INSPECT', 'INSPECT_REPAIR_ORDER'],
    owners: ['own-demo-paris', 'own-demo-lyon', 'own-demo-lille'],
    options: ALL_OPTIONS,
  },
  {
    id: '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0002',
    email: 'sales@demo.forecourt.test',
    givenName: 'Lucas',
    familyName: 'Bernard',
    locale: 'fr',
    groupId: 'grp-demo',
    habilitations: ['SALES'],
    roles: [],
    models: ['VIDEO', 'PROCESS'],
    owners: ['own-demo-paris', 'own-demo-lyon'],
    options: {
      useVideoLive: false,
      useAdminVideo: false,
      vehicleIdentificationMethods: [],
      use2spect: false,
      useSendEmail: true,
      useSendSms: true,
      useDeleteShooting: false,
      useResendDMSOnStampotheque: false,
      useLicensePlateCover: false,
      useCropping: false,
      useRestamp: false,
    },
  },
  {
    id: '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0003',
    email: 'workshop@demo.forecourt.test',
    givenName: 'Inès',
    familyName: 'Petit',
    locale: 'fr',
    groupId: 'grp-demo',
    habilitations: [],
    roles: [],
    models: ['INSPECT_REPAIR_ORDER'],
    owners: ['own-demo-paris', 'own-demo-lyon', 'own-demo-lille'],
    options: {},
  },
  {
    id: '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0004',
    email: 'other@other-dealer.forecourt.test',
    givenName: 'Oscar',
    familyName: 'Lefèvre',
    locale: 'en',
    groupId: 'grp-other',
    habilitations: ['PROVIDER_ADMINISTRATOR'],
    roles: ['manage-users'],
    models: ['VIDEO', 'PROCESS', 'INSPECT', 'INSPECT_REPAIR_ORDER'],
    owners: ['own-other-bordeaux'],
    options: ALL_OPTIONS,
  },
] as const;

export const demoUser = (email: string) => {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  return user;
};
