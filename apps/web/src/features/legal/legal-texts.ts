/**
 * The legal texts exist in French and English only (spec section 1); every other language shows English, but for
 * the privacy policy's section on personal player links, in each language (engagement-policy-texts.ts).
 */
export type LegalDoc = 'legalNotice' | 'termsOfService' | 'privacyPolicy';
export interface LegalSection {
  id?: string;
  title: string;
  paragraphs: string[];
}

export const legalLanguage = (language: string): 'fr' | 'en' => (language === 'fr' ? 'fr' : 'en');

/**
 * What the texts say where the deployment names no publisher (LEGAL_PUBLISHER) or no contact (LEGAL_CONTACT):
 * the paragraphs hold `{publisher}` and `{contact}`, filled from the web config.
 */
export const UNSET_DEPLOYMENT_TEXTS: Record<'fr' | 'en', { publisher: string; contact: string }> = {
  en: {
    publisher:
      'the company operating the Forecourt service for car dealers, whose registered name, registered office, registration number and publication director are given in the service contract signed by each dealer group',
    contact: 'the operator of the service, at the address given in the service contract',
  },
  fr: {
    publisher:
      "la société exploitant le service Forecourt pour les concessionnaires automobiles, dont la dénomination, le siège social, le numéro d'immatriculation et le directeur de la publication figurent dans le contrat de service signé par chaque groupe de concessions",
    contact: "l'exploitant du service, à l'adresse indiquée dans le contrat de service",
  },
};

const en: Record<LegalDoc, LegalSection[]> = {
  legalNotice: [
    {
      title: 'Publisher',
      paragraphs: [
        'The Forecourt portal and its public player pages are published by {publisher}.',
        'Forecourt is a service for professionals of the automotive trade. The sites are intended for professionals only.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: [
        'Contact: {contact}. No order can be placed and no payment can be made on the sites: there is no online sale.',
      ],
    },
    {
      title: 'Hosting',
      paragraphs: [
        'The portal is hosted on infrastructure chosen by the operator within the European Union. The hosting provider is named in the service contract.',
      ],
    },
    {
      title: 'Intellectual property',
      paragraphs: [
        "The software, the texts, the logos and the layouts of the portal are protected by intellectual property law. The images and videos uploaded by a dealer remain the property of that dealer, who grants the operator the rights needed to process, stamp and publish them on the dealer's behalf.",
      ],
    },
  ],
  termsOfService: [
    {
      title: 'Purpose',
      paragraphs: [
        'These terms of service govern the use of the Forecourt portal, of its public player pages and of its live meeting rooms. They are valid as of 1 January 2017 and apply to every user account.',
      ],
    },
    {
      title: 'Users',
      paragraphs: [
        "The sites are intended for professionals of the automotive trade and their staff. A user account is created by the user's dealer group; the user keeps the credentials confidential and is responsible for every action taken with them.",
        'Visitors who open a public player link or join a live meeting by link may do so without an account, for the sole purpose of viewing the vehicle shared with them and talking with the dealer.',
      ],
    },
    {
      title: 'Service',
      paragraphs: [
        'The portal lets dealers create shootings of their vehicles, stamp and edit the images, share them through player links, hold live video meetings and configure the media used in their videos. The operator strives to keep the service available but does not guarantee uninterrupted access; maintenance may be carried out at any time.',
      ],
    },
    {
      title: 'Content',
      paragraphs: [
        'The dealer is responsible for the images, videos and texts it uploads and for the messages it sends through the portal. Content that is unlawful or infringes the rights of others is forbidden and may be removed.',
      ],
    },
    {
      id: 'sales',
      title: 'Terms of sale',
      paragraphs: [
        'No sale takes place on the sites: there is no online ordering and no online payment. The Forecourt service is sold to dealer groups under a separate written contract. For any commercial request, write to {contact}.',
      ],
    },
    {
      title: 'Changes and applicable law',
      paragraphs: [
        'The operator may change these terms; the version in force is the one published on this page. These terms are governed by French law.',
      ],
    },
  ],
  privacyPolicy: [
    {
      title: 'Data controller',
      paragraphs: [
        'The personal data of users is processed by the operator of the Forecourt service on behalf of each dealer group, which remains the controller of the data of its own customers.',
      ],
    },
    {
      title: 'Data processed',
      paragraphs: [
        'For users: name, e-mail address, language, the dealer group and its stocks, the actions taken in the portal. For visitors: the ratings and comments they choose to leave, and the e-mail address or phone number a dealer uses to send them a link.',
        'Images are re-encoded without their location data.',
      ],
    },
    {
      title: 'Purposes',
      paragraphs: [
        'Data is used to provide the service (sign-in, shootings, sharing, live meetings), to produce usage statistics for the dealer group, and to secure the service. It is never sold.',
      ],
    },
    {
      title: 'Retention',
      paragraphs: [
        "Data is kept for as long as the dealer group's contract is in force, then deleted within the period set out in that contract.",
      ],
    },
    {
      title: 'Cookies and local storage',
      paragraphs: [
        "The portal keeps in the browser's local storage the session, the last e-mail used, the language, the dark-mode choice and the chosen camera and microphone. The choice made in the cookie banner is kept for 13 months, after which it is asked again.",
      ],
    },
    {
      id: 'engagement',
      title: 'Personal player links',
      paragraphs: [
        "When a dealer sends you a vehicle's player by e-mail or SMS, or hands you a link made for you, the link carries a token of yours, kept with your name and your address or number as the dealer typed them. When you open it, the page measures, for the salesperson who sent it: that and when it was opened, the time the page was really visible, the angles of the 360° view you looked at and for how long, the damages you opened, the share of the video you watched, your rating, your clicks on the dealer's phone or e-mail, and the class of your device (phone, tablet or computer). The salesperson may be told at once that you are looking.",
        'These measures are sent to our own server only, never to a third party. Your IP address is not stored. They are erased after 13 months (or the period set by the operator).',
        "The page says what it measures and offers 'Do not measure me': the choice is kept in your browser and erases what the visit had sent. If your browser sends the Global Privacy Control signal, nothing is measured. A player link without a token of yours measures nothing about you.",
      ],
    },
    {
      title: 'Your rights',
      paragraphs: [
        'You may access, correct or erase your data, object to its processing or ask for its portability by writing to {contact}. You may also lodge a complaint with the data protection authority of your country.',
      ],
    },
  ],
};

const fr: Record<LegalDoc, LegalSection[]> = {
  legalNotice: [
    {
      title: 'Éditeur',
      paragraphs: [
        'Le portail Forecourt et ses pages de lecteur public sont édités par {publisher}.',
        'Forecourt est un service destiné aux professionnels du commerce automobile. Les sites sont réservés aux professionnels.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: [
        "Contact : {contact}. Aucune commande ni aucun paiement ne peut être effectué sur les sites : il n'y a pas de vente en ligne.",
      ],
    },
    {
      title: 'Hébergement',
      paragraphs: [
        "Le portail est hébergé sur une infrastructure choisie par l'exploitant au sein de l'Union européenne. L'hébergeur est désigné dans le contrat de service.",
      ],
    },
    {
      title: 'Propriété intellectuelle',
      paragraphs: [
        "Le logiciel, les textes, les logos et la mise en page du portail sont protégés par le droit de la propriété intellectuelle. Les images et vidéos déposées par un concessionnaire restent sa propriété ; il concède à l'exploitant les droits nécessaires pour les traiter, les habiller et les publier pour son compte.",
      ],
    },
  ],
  termsOfService: [
    {
      title: 'Objet',
      paragraphs: [
        "Les présentes conditions générales d'utilisation régissent l'usage du portail Forecourt, de ses pages de lecteur public et de ses salles de réunion en direct. Elles sont en vigueur à compter du 1er janvier 2017 et s'appliquent à tout compte utilisateur.",
      ],
    },
    {
      title: 'Utilisateurs',
      paragraphs: [
        "Les sites sont destinés aux professionnels du commerce automobile et à leurs collaborateurs. Le compte utilisateur est créé par le groupe de concessions de l'utilisateur ; celui-ci garde ses identifiants confidentiels et répond de toute action effectuée avec eux.",
        "Les visiteurs qui ouvrent un lien de lecteur public ou rejoignent une réunion par lien peuvent le faire sans compte, dans le seul but de voir le véhicule partagé avec eux et d'échanger avec le concessionnaire.",
      ],
    },
    {
      title: 'Service',
      paragraphs: [
        "Le portail permet aux concessionnaires de réaliser des prises de vue de leurs véhicules, d'habiller et de retoucher les images, de les partager par des liens de lecteur, de tenir des réunions vidéo en direct et de configurer les médias de leurs vidéos. L'exploitant s'efforce d'assurer la disponibilité du service sans garantir un accès ininterrompu ; des opérations de maintenance peuvent avoir lieu à tout moment.",
      ],
    },
    {
      title: 'Contenus',
      paragraphs: [
        "Le concessionnaire est responsable des images, vidéos et textes qu'il dépose et des messages qu'il envoie depuis le portail. Tout contenu illicite ou portant atteinte aux droits de tiers est interdit et peut être retiré.",
      ],
    },
    {
      id: 'sales',
      title: 'Conditions générales de vente',
      paragraphs: [
        "Aucune vente n'a lieu sur les sites : il n'y a ni commande ni paiement en ligne. Le service Forecourt est vendu aux groupes de concessions par un contrat écrit distinct. Pour toute demande commerciale, écrivez à {contact}.",
      ],
    },
    {
      title: 'Modifications et droit applicable',
      paragraphs: [
        "L'exploitant peut modifier les présentes conditions ; la version en vigueur est celle publiée sur cette page. Les présentes conditions sont soumises au droit français.",
      ],
    },
  ],
  privacyPolicy: [
    {
      title: 'Responsable du traitement',
      paragraphs: [
        "Les données personnelles des utilisateurs sont traitées par l'exploitant du service Forecourt pour le compte de chaque groupe de concessions, qui reste responsable des données de ses propres clients.",
      ],
    },
    {
      title: 'Données traitées',
      paragraphs: [
        "Pour les utilisateurs : nom, adresse e-mail, langue, groupe de concessions et ses stocks, actions effectuées dans le portail. Pour les visiteurs : les notes et commentaires qu'ils choisissent de laisser, et l'adresse e-mail ou le numéro de téléphone auquel un concessionnaire leur envoie un lien.",
        'Les images sont réencodées sans leurs données de localisation.',
      ],
    },
    {
      title: 'Finalités',
      paragraphs: [
        "Les données servent à fournir le service (connexion, prises de vue, partage, réunions en direct), à produire des statistiques d'usage pour le groupe de concessions et à sécuriser le service. Elles ne sont jamais vendues.",
      ],
    },
    {
      title: 'Conservation',
      paragraphs: [
        'Les données sont conservées pendant la durée du contrat du groupe de concessions, puis supprimées dans le délai prévu par ce contrat.',
      ],
    },
    {
      title: 'Cookies et stockage local',
      paragraphs: [
        'Le portail conserve dans le stockage local du navigateur la session, le dernier e-mail utilisé, la langue, le choix du mode sombre ainsi que la caméra et le micro choisis. Le choix exprimé dans le bandeau cookies est conservé 13 mois, après quoi il est demandé à nouveau.',
      ],
    },
    {
      id: 'engagement',
      title: 'Liens personnels vers le player',
      paragraphs: [
        "Lorsqu'un concessionnaire vous envoie le player d'un véhicule par e-mail ou SMS, ou vous remet un lien créé pour vous, ce lien porte un jeton qui vous est propre, conservé avec votre nom et votre adresse ou numéro tels que le concessionnaire les a saisis. Quand vous l'ouvrez, la page mesure, pour le vendeur qui l'a envoyé : l'ouverture et son heure, le temps pendant lequel la page était réellement visible, les angles de la vue 360° regardés et leur durée, les dommages ouverts, la part de la vidéo regardée, votre note, vos clics sur le téléphone ou l'e-mail du concessionnaire, et le type de votre appareil (téléphone, tablette ou ordinateur). Le vendeur peut être prévenu aussitôt que vous regardez.",
        "Ces mesures sont envoyées à notre seul serveur, jamais à un tiers. Votre adresse IP n'est pas conservée. Elles sont effacées après 13 mois (ou la durée fixée par l'exploitant).",
        "La page indique ce qu'elle mesure et propose « Ne pas me mesurer » : ce choix est conservé dans votre navigateur et efface ce que la visite avait envoyé. Si votre navigateur envoie le signal Global Privacy Control, rien n'est mesuré. Un lien sans jeton qui vous soit propre ne mesure rien sur vous.",
      ],
    },
    {
      title: 'Vos droits',
      paragraphs: [
        "Vous pouvez accéder à vos données, les rectifier ou les effacer, vous opposer à leur traitement ou en demander la portabilité en écrivant à {contact}. Vous pouvez aussi introduire une réclamation auprès de l'autorité de protection des données de votre pays.",
      ],
    },
  ],
};

export const LEGAL_TEXTS = { en, fr };
