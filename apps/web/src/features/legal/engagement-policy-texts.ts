import type { LegalSection } from './legal-texts';

/**
 * The privacy policy's section on personal player links (`#engagement`, where the player's measuring notice
 * links) in the eight languages the rest of the legal texts do not exist in: a recipient reads what the
 * player measures in the language of the player they opened. English and French are in legal-texts.ts.
 * The days of retention are ENGAGEMENT_RETENTION_DAYS' default (395, 13 months).
 */
export const ENGAGEMENT_POLICY: Record<'es' | 'pl' | 'de' | 'it' | 'nl' | 'pt' | 'sv' | 'da', LegalSection> = {
  es: {
    id: 'engagement',
    title: 'Enlaces personales al reproductor',
    paragraphs: [
      'Cuando un concesionario le envía el reproductor de un vehículo por correo electrónico o SMS, o le entrega un enlace creado para usted, el enlace lleva un identificador propio suyo, guardado con su nombre y su dirección o número tal como el concesionario los escribió. Cuando lo abre, la página mide, para el vendedor que lo envió: que se abrió y cuándo, el tiempo en que la página estuvo realmente visible, los ángulos de la vista 360° que miró y durante cuánto tiempo, los daños que abrió, la parte del vídeo que vio, su valoración, sus clics en el teléfono o el correo del concesionario, y el tipo de su dispositivo (teléfono, tableta u ordenador). Se puede avisar al vendedor en ese mismo momento de que usted está mirando.',
      'Estas mediciones solo se envían a nuestro propio servidor, nunca a terceros. Su dirección IP no se guarda. Se borran al cabo de 13 meses (o del plazo fijado por el operador).',
      'La página indica lo que mide y ofrece «No medirme»: la elección se guarda en su navegador y borra lo que la visita había enviado. Si su navegador envía la señal Global Privacy Control, no se mide nada. Un enlace al reproductor sin un identificador suyo no mide nada sobre usted.',
    ],
  },
  pl: {
    id: 'engagement',
    title: 'Osobiste linki do odtwarzacza',
    paragraphs: [
      'Gdy dealer wysyła Ci odtwarzacz pojazdu e-mailem lub SMS-em albo przekazuje Ci link utworzony dla Ciebie, link zawiera Twój własny identyfikator, przechowywany wraz z Twoim imieniem i nazwiskiem oraz adresem lub numerem w takiej postaci, w jakiej wpisał je dealer. Gdy go otworzysz, strona mierzy dla sprzedawcy, który go wysłał: że i kiedy został otwarty, czas, przez który strona była rzeczywiście widoczna, oglądane kąty widoku 360° i czas ich oglądania, otwarte uszkodzenia, obejrzaną część wideo, Twoją ocenę, Twoje kliknięcia w telefon lub e-mail dealera oraz rodzaj urządzenia (telefon, tablet lub komputer). Sprzedawca może zostać od razu powiadomiony, że oglądasz.',
      'Te pomiary są wysyłane wyłącznie na nasz własny serwer, nigdy do podmiotów trzecich. Twój adres IP nie jest przechowywany. Są usuwane po 13 miesiącach (lub po okresie ustalonym przez operatora).',
      'Strona informuje, co mierzy, i oferuje opcję „Nie mierz mnie”: wybór jest zapamiętywany w Twojej przeglądarce i usuwa to, co wizyta zdążyła wysłać. Jeśli Twoja przeglądarka wysyła sygnał Global Privacy Control, nic nie jest mierzone. Link do odtwarzacza bez Twojego identyfikatora nie mierzy niczego na Twój temat.',
    ],
  },
  de: {
    id: 'engagement',
    title: 'Persönliche Player-Links',
    paragraphs: [
      'Wenn Ihnen ein Händler den Player eines Fahrzeugs per E-Mail oder SMS sendet oder Ihnen einen für Sie erstellten Link übergibt, trägt der Link ein eigenes Kennzeichen von Ihnen, das mit Ihrem Namen und Ihrer Adresse oder Nummer gespeichert wird, so wie der Händler sie eingegeben hat. Wenn Sie ihn öffnen, misst die Seite für den Verkäufer, der ihn gesendet hat: dass und wann er geöffnet wurde, die Zeit, in der die Seite tatsächlich sichtbar war, die Winkel der 360°-Ansicht, die Sie angesehen haben, und wie lange, die Schäden, die Sie geöffnet haben, den Anteil des Videos, den Sie angesehen haben, Ihre Bewertung, Ihre Klicks auf Telefon oder E-Mail des Händlers sowie die Art Ihres Geräts (Telefon, Tablet oder Computer). Der Verkäufer kann sofort benachrichtigt werden, dass Sie gerade schauen.',
      'Diese Messungen werden nur an unseren eigenen Server gesendet, nie an Dritte. Ihre IP-Adresse wird nicht gespeichert. Sie werden nach 13 Monaten gelöscht (oder nach der vom Betreiber festgelegten Frist).',
      'Die Seite sagt, was sie misst, und bietet „Nicht messen“ an: Die Wahl wird in Ihrem Browser gespeichert und löscht, was der Besuch bereits gesendet hatte. Sendet Ihr Browser das Signal Global Privacy Control, wird nichts gemessen. Ein Player-Link ohne ein Kennzeichen von Ihnen misst nichts über Sie.',
    ],
  },
  it: {
    id: 'engagement',
    title: 'Link personali al player',
    paragraphs: [
      'Quando un concessionario ti invia il player di un veicolo via e-mail o SMS, o ti consegna un link creato per te, il link contiene un identificativo tuo, conservato con il tuo nome e il tuo indirizzo o numero così come il concessionario li ha digitati. Quando lo apri, la pagina misura, per il venditore che l’ha inviato: che e quando è stato aperto, il tempo in cui la pagina è stata davvero visibile, le angolazioni della vista a 360° che hai guardato e per quanto tempo, i danni che hai aperto, la parte del video che hai guardato, la tua valutazione, i tuoi clic sul telefono o sull’e-mail del concessionario e il tipo del tuo dispositivo (telefono, tablet o computer). Il venditore può essere avvisato subito che stai guardando.',
      'Queste misure sono inviate solo al nostro server, mai a terzi. Il tuo indirizzo IP non viene conservato. Sono cancellate dopo 13 mesi (o dopo il periodo stabilito dal gestore).',
      'La pagina dice cosa misura e offre «Non misurarmi»: la scelta è conservata nel tuo browser e cancella ciò che la visita aveva inviato. Se il tuo browser invia il segnale Global Privacy Control, non viene misurato nulla. Un link al player senza un tuo identificativo non misura nulla su di te.',
    ],
  },
  nl: {
    id: 'engagement',
    title: 'Persoonlijke spelerlinks',
    paragraphs: [
      'Wanneer een dealer u de speler van een voertuig per e-mail of sms stuurt, of u een voor u gemaakte link geeft, draagt de link een eigen kenmerk van u, bewaard met uw naam en uw adres of nummer zoals de dealer ze heeft ingevoerd. Wanneer u hem opent, meet de pagina voor de verkoper die hem stuurde: dat en wanneer hij werd geopend, de tijd dat de pagina echt zichtbaar was, de hoeken van de 360°-weergave die u bekeek en hoe lang, de schades die u opende, het deel van de video dat u bekeek, uw beoordeling, uw klikken op de telefoon of e-mail van de dealer, en het soort apparaat (telefoon, tablet of computer). De verkoper kan meteen worden gemeld dat u kijkt.',
      'Deze metingen worden alleen naar onze eigen server gestuurd, nooit naar derden. Uw IP-adres wordt niet opgeslagen. Ze worden na 13 maanden gewist (of na de termijn die de exploitant heeft vastgesteld).',
      'De pagina zegt wat ze meet en biedt ‘Meet mij niet’ aan: de keuze wordt in uw browser bewaard en wist wat het bezoek al had verstuurd. Als uw browser het signaal Global Privacy Control verstuurt, wordt niets gemeten. Een spelerlink zonder een kenmerk van u meet niets over u.',
    ],
  },
  pt: {
    id: 'engagement',
    title: 'Links pessoais para o leitor',
    paragraphs: [
      'Quando um concessionário lhe envia o leitor de um veículo por e-mail ou SMS, ou lhe entrega um link criado para si, o link contém um identificador seu, guardado com o seu nome e o seu endereço ou número tal como o concessionário os escreveu. Quando o abre, a página mede, para o vendedor que o enviou: que e quando foi aberto, o tempo em que a página esteve realmente visível, os ângulos da vista 360° que viu e durante quanto tempo, os danos que abriu, a parte do vídeo que viu, a sua avaliação, os seus cliques no telefone ou no e-mail do concessionário e o tipo do seu dispositivo (telemóvel, tablet ou computador). O vendedor pode ser avisado de imediato de que está a ver.',
      'Estas medições são enviadas apenas para o nosso próprio servidor, nunca para terceiros. O seu endereço IP não é guardado. São apagadas ao fim de 13 meses (ou do prazo fixado pelo operador).',
      'A página diz o que mede e oferece «Não me medir»: a escolha fica guardada no seu navegador e apaga o que a visita tinha enviado. Se o seu navegador enviar o sinal Global Privacy Control, nada é medido. Um link para o leitor sem um identificador seu não mede nada sobre si.',
    ],
  },
  sv: {
    id: 'engagement',
    title: 'Personliga spelarlänkar',
    paragraphs: [
      'När en handlare skickar dig spelaren för ett fordon via e-post eller sms, eller ger dig en länk som skapats för dig, bär länken en egen kod för dig, sparad med ditt namn och din adress eller ditt nummer så som handlaren skrev in dem. När du öppnar den mäter sidan, för säljaren som skickade den: att och när den öppnades, den tid sidan verkligen var synlig, vilka vinklar i 360°-vyn du tittade på och hur länge, vilka skador du öppnade, hur stor del av videon du såg, ditt betyg, dina klick på handlarens telefon eller e-post, och typen av enhet (telefon, surfplatta eller dator). Säljaren kan få veta direkt att du tittar.',
      'Mätningarna skickas bara till vår egen server, aldrig till tredje part. Din IP-adress sparas inte. De raderas efter 13 månader (eller efter den tid som operatören har bestämt).',
      'Sidan säger vad den mäter och erbjuder ”Mät mig inte”: valet sparas i din webbläsare och raderar det som besöket redan hade skickat. Om din webbläsare skickar signalen Global Privacy Control mäts ingenting. En spelarlänk utan en kod för dig mäter ingenting om dig.',
    ],
  },
  da: {
    id: 'engagement',
    title: 'Personlige afspillerlinks',
    paragraphs: [
      'Når en forhandler sender dig afspilleren for et køretøj via e-mail eller sms, eller giver dig et link lavet til dig, bærer linket en kode, der er din egen, gemt med dit navn og din adresse eller dit nummer, som forhandleren skrev dem. Når du åbner det, måler siden for den sælger, der sendte det: at og hvornår det blev åbnet, den tid siden reelt var synlig, de vinkler i 360°-visningen, du så på, og hvor længe, de skader, du åbnede, hvor stor en del af videoen du så, din bedømmelse, dine klik på forhandlerens telefon eller e-mail, og typen af din enhed (telefon, tablet eller computer). Sælgeren kan få besked med det samme om, at du kigger.',
      'Målingerne sendes kun til vores egen server, aldrig til tredjeparter. Din IP-adresse gemmes ikke. De slettes efter 13 måneder (eller efter den periode, operatøren har fastsat).',
      'Siden fortæller, hvad den måler, og tilbyder “Mål mig ikke”: valget gemmes i din browser og sletter det, besøget havde sendt. Hvis din browser sender signalet Global Privacy Control, måles der intet. Et afspillerlink uden en kode, der er din, måler intet om dig.',
    ],
  },
};
