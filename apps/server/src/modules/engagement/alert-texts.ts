/**
 * The server's texts of the alerts, in the sender's language (the portal's ten; French when another):
 * the alert e-mail and the "Call now" invitation sent to the recipient.
 */
interface AlertTexts {
  looking: (name: string, vehicle: string) => string;
  /** A visit no longer recent when the e-mail leaves; `at`: its date and time, formatted. */
  looked: (name: string, vehicle: string, at: string) => string;
  someone: string;
  openPortal: string;
  callInvite: (vehicle: string, link: string) => string;
  callSubject: (vehicle: string) => string;
}

const TEXTS: Record<string, AlertTexts> = {
  en: {
    looking: (n, v) => `${n} is looking at the ${v} now`,
    looked: (n, v, at) => `${n} looked at the ${v} (${at})`,
    someone: 'Your customer',
    openPortal: 'Open the portal to see what they watch, or call them now:',
    callInvite: (v, l) => `Let's talk about the ${v} in a video call: ${l}`,
    callSubject: (v) => `A video call about the ${v}`,
  },
  fr: {
    looking: (n, v) => `${n} regarde la ${v} en ce moment`,
    looked: (n, v, at) => `${n} a regardé la ${v} (${at})`,
    someone: 'Votre client',
    openPortal: 'Ouvrez le portail pour voir ce qu’il regarde, ou appelez-le maintenant :',
    callInvite: (v, l) => `Parlons de la ${v} en visio : ${l}`,
    callSubject: (v) => `Un appel vidéo au sujet de la ${v}`,
  },
  es: {
    looking: (n, v) => `${n} está viendo el ${v} ahora`,
    looked: (n, v, at) => `${n} vio el ${v} (${at})`,
    someone: 'Su cliente',
    openPortal: 'Abra el portal para ver lo que mira, o llámele ahora:',
    callInvite: (v, l) => `Hablemos del ${v} en una videollamada: ${l}`,
    callSubject: (v) => `Una videollamada sobre el ${v}`,
  },
  pl: {
    looking: (n, v) => `${n} ogląda teraz ${v}`,
    looked: (n, v, at) => `${n} oglądał(a) ${v} (${at})`,
    someone: 'Twój klient',
    openPortal: 'Otwórz portal, aby zobaczyć, co ogląda, lub zadzwoń teraz:',
    callInvite: (v, l) => `Porozmawiajmy o ${v} w rozmowie wideo: ${l}`,
    callSubject: (v) => `Rozmowa wideo o ${v}`,
  },
  de: {
    looking: (n, v) => `${n} sieht sich gerade den ${v} an`,
    looked: (n, v, at) => `${n} hat sich den ${v} angesehen (${at})`,
    someone: 'Ihr Kunde',
    openPortal: 'Öffnen Sie das Portal, um zu sehen, was er ansieht, oder rufen Sie jetzt an:',
    callInvite: (v, l) => `Sprechen wir im Videoanruf über den ${v}: ${l}`,
    callSubject: (v) => `Ein Videoanruf zum ${v}`,
  },
  it: {
    looking: (n, v) => `${n} sta guardando la ${v} adesso`,
    looked: (n, v, at) => `${n} ha guardato la ${v} (${at})`,
    someone: 'Il tuo cliente',
    openPortal: 'Apri il portale per vedere cosa guarda, oppure chiamalo ora:',
    callInvite: (v, l) => `Parliamo della ${v} in videochiamata: ${l}`,
    callSubject: (v) => `Una videochiamata sulla ${v}`,
  },
  nl: {
    looking: (n, v) => `${n} bekijkt nu de ${v}`,
    looked: (n, v, at) => `${n} heeft de ${v} bekeken (${at})`,
    someone: 'Uw klant',
    openPortal: 'Open het portaal om te zien wat hij bekijkt, of bel nu:',
    callInvite: (v, l) => `Laten we de ${v} bespreken in een videogesprek: ${l}`,
    callSubject: (v) => `Een videogesprek over de ${v}`,
  },
  pt: {
    looking: (n, v) => `${n} está a ver o ${v} agora`,
    looked: (n, v, at) => `${n} viu o ${v} (${at})`,
    someone: 'O seu cliente',
    openPortal: 'Abra o portal para ver o que está a ver, ou ligue agora:',
    callInvite: (v, l) => `Vamos falar do ${v} numa videochamada: ${l}`,
    callSubject: (v) => `Uma videochamada sobre o ${v}`,
  },
  sv: {
    looking: (n, v) => `${n} tittar på ${v} just nu`,
    looked: (n, v, at) => `${n} tittade på ${v} (${at})`,
    someone: 'Din kund',
    openPortal: 'Öppna portalen för att se vad kunden tittar på, eller ring nu:',
    callInvite: (v, l) => `Låt oss prata om ${v} i ett videosamtal: ${l}`,
    callSubject: (v) => `Ett videosamtal om ${v}`,
  },
  da: {
    looking: (n, v) => `${n} kigger på ${v} lige nu`,
    looked: (n, v, at) => `${n} kiggede på ${v} (${at})`,
    someone: 'Din kunde',
    openPortal: 'Åbn portalen for at se, hvad kunden kigger på, eller ring nu:',
    callInvite: (v, l) => `Lad os tale om ${v} i et videoopkald: ${l}`,
    callSubject: (v) => `Et videoopkald om ${v}`,
  },
};

export const alertTexts = (locale: string): AlertTexts => TEXTS[locale.slice(0, 2).toLowerCase()] ?? TEXTS.fr!;
