import type { PageLanguage } from './page-texts';

/**
 * The eIFU pages' words about what is not there yet or not there at all, in the five languages: a leaflet that is
 * approved but not yet in effect says the day it takes effect, and every message page (400, 403, 404) leads to the
 * paper copy the footer promises. Kept beside page-texts.ts; notice-texts.unit.test.ts checks each language has them.
 */
export interface NoticeTexts {
  notYetInEffect: string;
  gtinTakesEffect: (gtin: string, date: string) => string;
  documentTakesEffect: (documentNumber: string, date: string) => string;
  paperCopyRequest: string;
  paperCopyHow: string;
}

export const NOTICE_TEXTS: Record<PageLanguage, NoticeTexts> = {
  en: {
    notYetInEffect: 'Not yet in effect',
    gtinTakesEffect: (gtin, date) => `The instructions for use of GTIN ${gtin} are approved and take effect on ${date}. They are published here from that day.`,
    documentTakesEffect: (documentNumber, date) => `Document ${documentNumber} is approved and takes effect on ${date}. It is published here from that day.`,
    paperCopyRequest: 'Request a paper copy',
    paperCopyHow: 'Free of charge, sent within 7 days: write to us through the contact form with the number under the barcode or on the label.',
  },
  de: {
    notYetInEffect: 'Noch nicht in Kraft',
    gtinTakesEffect: (gtin, date) => `Die Gebrauchsanweisungen für GTIN ${gtin} sind freigegeben und treten am ${date} in Kraft. Ab diesem Tag sind sie hier veröffentlicht.`,
    documentTakesEffect: (documentNumber, date) => `Das Dokument ${documentNumber} ist freigegeben und tritt am ${date} in Kraft. Ab diesem Tag ist es hier veröffentlicht.`,
    paperCopyRequest: 'Papierexemplar anfordern',
    paperCopyHow: 'Kostenlos, innerhalb von 7 Tagen versandt: Schreiben Sie uns über das Kontaktformular mit der Nummer unter dem Barcode oder auf dem Etikett.',
  },
  fr: {
    notYetInEffect: 'Pas encore en vigueur',
    gtinTakesEffect: (gtin, date) => `Les notices d’utilisation du GTIN ${gtin} sont approuvées et entrent en vigueur le ${date}. Elles sont publiées ici à partir de ce jour.`,
    documentTakesEffect: (documentNumber, date) => `Le document ${documentNumber} est approuvé et entre en vigueur le ${date}. Il est publié ici à partir de ce jour.`,
    paperCopyRequest: 'Demander une copie papier',
    paperCopyHow: 'Gratuite, envoyée sous 7 jours : écrivez-nous via le formulaire de contact en indiquant le numéro sous le code-barres ou sur l’étiquette.',
  },
  es: {
    notYetInEffect: 'Aún no está en vigor',
    gtinTakesEffect: (gtin, date) => `Las instrucciones de uso del GTIN ${gtin} están aprobadas y entran en vigor el ${date}. Se publican aquí a partir de ese día.`,
    documentTakesEffect: (documentNumber, date) => `El documento ${documentNumber} está aprobado y entra en vigor el ${date}. Se publica aquí a partir de ese día.`,
    paperCopyRequest: 'Solicitar una copia en papel',
    paperCopyHow: 'Gratuita, enviada en un plazo de 7 días: escríbanos mediante el formulario de contacto con el número que figura bajo el código de barras o en la etiqueta.',
  },
  it: {
    notYetInEffect: 'Non ancora in vigore',
    gtinTakesEffect: (gtin, date) => `Le istruzioni per l’uso del GTIN ${gtin} sono approvate ed entrano in vigore il ${date}. Sono pubblicate qui da quel giorno.`,
    documentTakesEffect: (documentNumber, date) => `Il documento ${documentNumber} è approvato ed entra in vigore il ${date}. È pubblicato qui da quel giorno.`,
    paperCopyRequest: 'Richiedi una copia cartacea',
    paperCopyHow: 'Gratuita, spedita entro 7 giorni: ci scriva tramite il modulo di contatto indicando il numero sotto il codice a barre o sull’etichetta.',
  },
};
