/**
 * The search link's mail in the reader's language (the portal's, else their browser's, else English). The English
 * words are the ones the mail always had.
 */
export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

interface Facts {
  family: string;
  customer: string;
  link: string;
  days: number;
  /** `YYYY-MM-DD HH:MM`, UTC. */
  until: string;
}

const WORDS: Record<MailLanguage, { subject: (f: Facts) => string; lines: (f: Facts) => string[] }> = {
  en: {
    subject: (f) => `IFU Portal: your link to the documents of ${f.family}`,
    lines: (f) => [
      'Hello,',
      '',
      `You asked for a link to search the documents of ${f.family} (${f.customer}) on the IFU Portal. Open it here:`,
      '',
      f.link,
      '',
      `The link is valid for ${f.days} days, until ${f.until} UTC. After that, ask for a new one on the customer's page.`,
      'If you did not ask for it, you can ignore this message.',
      '',
      'IFU Portal',
    ],
  },
  de: {
    subject: (f) => `IFU Portal: Ihr Link zu den Dokumenten von ${f.family}`,
    lines: (f) => [
      'Guten Tag,',
      '',
      `Sie haben einen Link angefordert, um die Dokumente von ${f.family} (${f.customer}) im IFU Portal zu durchsuchen. Öffnen Sie ihn hier:`,
      '',
      f.link,
      '',
      `Der Link ist ${f.days} Tage gültig, bis ${f.until} UTC. Danach fordern Sie auf der Seite des Kunden einen neuen an.`,
      'Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren.',
      '',
      'IFU Portal',
    ],
  },
  fr: {
    subject: (f) => `IFU Portal : votre lien vers les documents de ${f.family}`,
    lines: (f) => [
      'Bonjour,',
      '',
      `Vous avez demandé un lien pour rechercher les documents de ${f.family} (${f.customer}) sur l’IFU Portal. Ouvrez-le ici :`,
      '',
      f.link,
      '',
      `Le lien est valable ${f.days} jours, jusqu’au ${f.until} UTC. Ensuite, demandez-en un nouveau sur la page du client.`,
      'Si vous ne l’avez pas demandé, vous pouvez ignorer ce message.',
      '',
      'IFU Portal',
    ],
  },
  es: {
    subject: (f) => `IFU Portal: su enlace a los documentos de ${f.family}`,
    lines: (f) => [
      'Hola:',
      '',
      `Ha solicitado un enlace para buscar los documentos de ${f.family} (${f.customer}) en el IFU Portal. Ábralo aquí:`,
      '',
      f.link,
      '',
      `El enlace es válido durante ${f.days} días, hasta el ${f.until} UTC. Después, solicite uno nuevo en la página del cliente.`,
      'Si no lo ha solicitado, puede ignorar este mensaje.',
      '',
      'IFU Portal',
    ],
  },
  it: {
    subject: (f) => `IFU Portal: il suo link ai documenti di ${f.family}`,
    lines: (f) => [
      'Buongiorno,',
      '',
      `Ha richiesto un link per cercare i documenti di ${f.family} (${f.customer}) sull’IFU Portal. Lo apra qui:`,
      '',
      f.link,
      '',
      `Il link è valido ${f.days} giorni, fino al ${f.until} UTC. Dopo, ne richieda uno nuovo sulla pagina del cliente.`,
      'Se non l’ha richiesto, può ignorare questo messaggio.',
      '',
      'IFU Portal',
    ],
  },
};

export function searchLinkMail(lang: MailLanguage, facts: Facts): { subject: string; text: string } {
  const words = WORDS[lang];
  return { subject: words.subject(facts), text: words.lines(facts).join('\n') };
}
