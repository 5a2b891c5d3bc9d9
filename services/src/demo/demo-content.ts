import { gs1CheckDigitOf } from '@ifu/contracts';
import type { DemoIfu } from './demo-pdf';

/**
 * The demo data set's words: IFU texts in eight languages (Latin-1 only: the PDFs use a standard font), the product
 * families, and which change orders are decided how. Everything here is invented; no real product or company.
 */

export type DemoLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'sv' | 'pt';

interface LanguageText {
  title: string;
  sections: (product: string, use: string) => Array<{ heading: string; body: string }>;
}

export const IFU_TEXT: Record<DemoLanguage, LanguageText> = {
  en: {
    title: 'Instructions for use',
    sections: (product, use) => [
      { heading: 'Intended use', body: `The ${product} is intended ${use}. It is to be used only by trained healthcare professionals in a clinical setting.` },
      {
        heading: 'Contraindications',
        body: 'Do not use in patients with a known hypersensitivity to any of the materials listed on the label. Do not use if the sterile barrier is damaged or the expiry date has passed.',
      },
      {
        heading: 'Warnings and precautions',
        body: 'For single use only. Do not resterilise or reuse: reuse may compromise the structural integrity of the device and lead to infection or cross-contamination. Inspect the device and its packaging before use.',
      },
      { heading: 'Storage', body: 'Store in a cool, dry place between 5 and 30 degrees Celsius, away from direct sunlight. Keep in the original packaging until use.' },
      { heading: 'Disposal', body: 'After use, dispose of the device and its packaging in accordance with hospital, administrative and local government policy for biohazardous waste.' },
    ],
  },
  de: {
    title: 'Gebrauchsanweisung',
    sections: (product) => [
      {
        heading: 'Zweckbestimmung',
        body: `Das Produkt ${product} darf nur von geschultem medizinischem Fachpersonal in einer klinischen Umgebung angewendet werden.`,
      },
      { heading: 'Kontraindikationen', body: 'Nicht bei Patienten mit bekannter Überempfindlichkeit gegen die auf dem Etikett genannten Materialien anwenden.' },
      {
        heading: 'Warnhinweise',
        body: 'Nur zum Einmalgebrauch. Nicht resterilisieren und nicht wiederverwenden. Vor der Anwendung Produkt und Verpackung auf Beschädigungen prüfen; bei beschädigter Sterilbarriere nicht verwenden.',
      },
      { heading: 'Lagerung', body: 'Kühl und trocken zwischen 5 °C und 30 °C lagern, vor direktem Sonnenlicht schützen. Bis zur Anwendung in der Originalverpackung aufbewahren.' },
      { heading: 'Entsorgung', body: 'Nach Gebrauch gemäß den Vorschriften des Krankenhauses und den örtlichen Bestimmungen für infektiöse Abfälle entsorgen.' },
    ],
  },
  fr: {
    title: "Mode d'emploi",
    sections: (product) => [
      { heading: 'Utilisation prévue', body: `Le dispositif ${product} doit être utilisé exclusivement par des professionnels de santé formés, en milieu clinique.` },
      { heading: 'Contre-indications', body: "Ne pas utiliser chez les patients présentant une hypersensibilité connue à l'un des matériaux indiqués sur l'étiquette." },
      {
        heading: 'Avertissements et précautions',
        body: "Dispositif à usage unique. Ne pas restériliser ni réutiliser. Vérifier l'intégrité de l'emballage avant utilisation ; ne pas utiliser si la barrière stérile est endommagée.",
      },
      { heading: 'Stockage', body: "Conserver dans un endroit frais et sec, entre 5 °C et 30 °C, à l'abri de la lumière directe du soleil." },
      { heading: 'Élimination', body: "Éliminer le dispositif après usage conformément aux règles de l'établissement et à la réglementation locale sur les déchets à risque infectieux." },
    ],
  },
  es: {
    title: 'Instrucciones de uso',
    sections: (product) => [
      { heading: 'Uso previsto', body: `El producto ${product} debe ser utilizado únicamente por profesionales sanitarios cualificados en un entorno clínico.` },
      { heading: 'Contraindicaciones', body: 'No utilizar en pacientes con hipersensibilidad conocida a cualquiera de los materiales indicados en la etiqueta.' },
      {
        heading: 'Advertencias y precauciones',
        body: 'Producto de un solo uso. No reesterilizar ni reutilizar. Compruebe el envase antes del uso y no utilice el producto si la barrera estéril está dañada.',
      },
      { heading: 'Almacenamiento', body: 'Conservar en un lugar fresco y seco, entre 5 °C y 30 °C, protegido de la luz solar directa.' },
      { heading: 'Eliminación', body: 'Después del uso, deseche el producto según la normativa del hospital y la legislación local sobre residuos biosanitarios.' },
    ],
  },
  it: {
    title: "Istruzioni per l'uso",
    sections: (product) => [
      { heading: "Destinazione d'uso", body: `Il dispositivo ${product} deve essere utilizzato esclusivamente da personale sanitario qualificato in ambiente clinico.` },
      { heading: 'Controindicazioni', body: "Non utilizzare in pazienti con ipersensibilità nota a uno dei materiali indicati sull'etichetta." },
      {
        heading: 'Avvertenze e precauzioni',
        body: "Monouso. Non risterilizzare né riutilizzare. Controllare l'integrità della confezione prima dell'uso; non utilizzare se la barriera sterile è danneggiata.",
      },
      { heading: 'Conservazione', body: 'Conservare in luogo fresco e asciutto, tra 5 °C e 30 °C, al riparo dalla luce solare diretta.' },
      { heading: 'Smaltimento', body: "Dopo l'uso smaltire il dispositivo secondo le procedure ospedaliere e le norme locali sui rifiuti sanitari a rischio infettivo." },
    ],
  },
  nl: {
    title: 'Gebruiksaanwijzing',
    sections: (product) => [
      { heading: 'Beoogd gebruik', body: `Het hulpmiddel ${product} mag uitsluitend worden gebruikt door opgeleide zorgprofessionals in een klinische omgeving.` },
      { heading: 'Contra-indicaties', body: 'Niet gebruiken bij patiënten met een bekende overgevoeligheid voor een van de op het etiket vermelde materialen.' },
      { heading: 'Waarschuwingen', body: 'Uitsluitend voor eenmalig gebruik. Niet opnieuw steriliseren of hergebruiken. Niet gebruiken als de steriele verpakking beschadigd is.' },
      { heading: 'Opslag', body: 'Koel en droog bewaren tussen 5 °C en 30 °C, beschermd tegen direct zonlicht.' },
      { heading: 'Afvalverwerking', body: 'Na gebruik afvoeren volgens het ziekenhuisbeleid en de lokale regelgeving voor medisch afval.' },
    ],
  },
  sv: {
    title: 'Bruksanvisning',
    sections: (product) => [
      { heading: 'Avsedd användning', body: `Produkten ${product} får endast användas av utbildad vårdpersonal i klinisk miljö.` },
      { heading: 'Kontraindikationer', body: 'Använd inte till patienter med känd överkänslighet mot något av de material som anges på etiketten.' },
      { heading: 'Varningar', body: 'Endast för engångsbruk. Får inte omsteriliseras eller återanvändas. Använd inte produkten om den sterila förpackningen är skadad.' },
      { heading: 'Förvaring', body: 'Förvaras torrt och svalt mellan 5 °C och 30 °C, skyddat mot direkt solljus.' },
      { heading: 'Avfallshantering', body: 'Kassera produkten efter användning enligt sjukhusets rutiner och lokala föreskrifter för smittförande avfall.' },
    ],
  },
  pt: {
    title: 'Instruções de utilização',
    sections: (product) => [
      { heading: 'Utilização prevista', body: `O dispositivo ${product} destina-se a ser utilizado apenas por profissionais de saúde qualificados, em ambiente clínico.` },
      { heading: 'Contraindicações', body: 'Não utilizar em doentes com hipersensibilidade conhecida a qualquer um dos materiais indicados no rótulo.' },
      { heading: 'Advertências', body: 'Dispositivo de utilização única. Não reesterilizar nem reutilizar. Não utilizar se a barreira estéril estiver danificada.' },
      { heading: 'Armazenamento', body: 'Armazenar em local fresco e seco, entre 5 °C e 30 °C, protegido da luz solar direta.' },
      { heading: 'Eliminação', body: 'Após a utilização, eliminar o dispositivo de acordo com as normas hospitalares e a legislação local sobre resíduos hospitalares.' },
    ],
  },
};

export interface DemoChild {
  /** The languages of the leaflet; its PDF has a title in each and the sections of each. */
  languages: DemoLanguage[];
  countries: string[];
  partNumber: string;
  bom: string;
  lot: string;
  keywords: string;
}

export interface DemoChangeOrder {
  customer: 0 | 1;
  family: string;
  product: string;
  /** Completes "The <product> is intended …". */
  use: string;
  changeType: 'General Document' | 'Record' | 'Model/Product Information' | 'Product Drawing';
  changeDescription: string;
  changeJustification: string;
  isInternal: boolean;
  /** Days from today. */
  effectiveInDays: number;
  outcome: 'approve' | 'reject' | 'pending';
  reason?: string;
  children: DemoChild[];
}

export interface DemoCustomer {
  name: string;
  contactInformation: string;
  contactEmail: string;
  website: string;
  countryExclusionList: string;
  /** Two colours and initials for the generated logo. */
  logo: { initials: string; from: string; to: string };
  /** Visitors reach its documents without an emailed link; the other demo customer keeps the link. */
  openAccess?: boolean;
}

/**
 * The GTIN of a demo device: GS1's example company prefix 4012345, the change order's and the child's
 * place as the item reference, and the check digit. Invented, like everything here.
 */
export function demoGtin(orderIndex: number, childIndex: number): string {
  const body = `04012345${String(orderIndex * 10 + childIndex).padStart(5, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
}

export const DEMO_CUSTOMERS: [DemoCustomer, DemoCustomer] = [
  {
    name: 'Northwind Medical',
    contactInformation: '+49 30 5550 1200',
    contactEmail: 'regulatory@northwind-medical.example',
    website: 'https://northwind-medical.example',
    countryExclusionList: 'RU,BY',
    logo: { initials: 'NM', from: '#0b4f8a', to: '#27a0c9' },
    // An open eIFU site: a label's QR code leads straight to the leaflet.
    openAccess: true,
  },
  {
    name: 'Helvetia Surgical',
    contactInformation: '+41 44 555 8800',
    contactEmail: 'ifu@helvetia-surgical.example',
    website: 'https://helvetia-surgical.example',
    countryExclusionList: '',
    logo: { initials: 'HS', from: '#8a1020', to: '#e0533d' },
  },
];

export const DEMO_CHANGE_ORDERS: DemoChangeOrder[] = [
  {
    customer: 0,
    family: 'CardioFlow PTCA Balloon Catheters',
    product: 'CardioFlow PTCA Balloon Catheter',
    use: 'for balloon dilatation of the stenotic portion of a coronary artery or bypass graft stenosis, to improve myocardial perfusion',
    changeType: 'General Document',
    changeDescription: 'First release of the CardioFlow IFUs for the European launch',
    changeJustification: 'Market launch in the EU after CE certification',
    isInternal: false,
    // In effect for a month: the public portal shows it today.
    effectiveInDays: -30,
    outcome: 'approve',
    children: [
      { languages: ['en'], countries: ['GB', 'IE', 'US'], partNumber: 'CF-2520-EN', bom: 'BOM-CF-2520', lot: 'LOT-24A117', keywords: 'balloon catheter coronary PTCA sterile' },
      { languages: ['de', 'fr', 'it'], countries: ['CH', 'AT'], partNumber: 'CF-2520-CH', bom: 'BOM-CF-2520', lot: 'LOT-24A118', keywords: 'Ballonkatheter cathéter catetere' },
      { languages: ['fr'], countries: ['FR', 'BE', 'LU'], partNumber: 'CF-2520-FR', bom: 'BOM-CF-2520', lot: 'LOT-24A119', keywords: 'cathéter à ballonnet coronaire' },
    ],
  },
  {
    customer: 1,
    family: 'OrthoFix Titanium Bone Screws',
    product: 'OrthoFix Cannulated Bone Screw 4.5 mm',
    use: 'for the fixation of fractures, osteotomies and non-unions of long bones and of the pelvis',
    changeType: 'Model/Product Information',
    changeDescription: 'New sizes 40-70 mm added to the screw system leaflet',
    changeJustification: 'Product line extension approved by design control DC-0412',
    isInternal: false,
    effectiveInDays: 0,
    outcome: 'approve',
    children: [
      { languages: ['en'], countries: ['GB', 'US', 'CA'], partNumber: 'OF-45C-EN', bom: 'BOM-OF-45C', lot: 'LOT-OF2309', keywords: 'bone screw titanium cannulated orthopaedic' },
      { languages: ['it'], countries: ['IT'], partNumber: 'OF-45C-IT', bom: 'BOM-OF-45C', lot: 'LOT-OF2310', keywords: 'vite ossea titanio' },
      { languages: ['es'], countries: ['ES', 'MX'], partNumber: 'OF-45C-ES', bom: 'BOM-OF-45C', lot: 'LOT-OF2311', keywords: 'tornillo óseo titanio' },
    ],
  },
  {
    customer: 0,
    family: 'SteriGuard Surgical Drapes',
    product: 'SteriGuard Universal Surgical Drape',
    use: 'to create a sterile field around the surgical site and to reduce the transfer of microorganisms during surgery',
    changeType: 'General Document',
    changeDescription: 'Storage conditions updated after the new shelf-life study',
    changeJustification: 'Shelf-life study SL-2026-07 supports 5 years instead of 3',
    isInternal: false,
    effectiveInDays: 21,
    outcome: 'pending',
    children: [
      { languages: ['en'], countries: ['GB', 'IE'], partNumber: 'SG-U120-EN', bom: 'BOM-SG-U120', lot: 'LOT-SG6601', keywords: 'surgical drape sterile field' },
      { languages: ['nl'], countries: ['NL', 'BE'], partNumber: 'SG-U120-NL', bom: 'BOM-SG-U120', lot: 'LOT-SG6602', keywords: 'operatiedoek steriel' },
      { languages: ['sv'], countries: ['SE', 'FI'], partNumber: 'SG-U120-SV', bom: 'BOM-SG-U120', lot: 'LOT-SG6603', keywords: 'operationsduk steril' },
    ],
  },
  {
    customer: 1,
    family: 'GlucoSense Blood Glucose Meters',
    product: 'GlucoSense Pro Blood Glucose Meter',
    use: 'for the quantitative measurement of glucose in fresh capillary whole blood, as an aid in monitoring the effectiveness of diabetes control',
    changeType: 'Record',
    changeDescription: 'Measuring range and cleaning instructions revised',
    changeJustification: 'Corrective action CAPA-118 after customer feedback on disinfectants',
    isInternal: false,
    effectiveInDays: 10,
    outcome: 'pending',
    children: [
      { languages: ['en'], countries: ['GB', 'US', 'AU'], partNumber: 'GS-PRO-EN', bom: 'BOM-GS-PRO', lot: 'LOT-GS7741', keywords: 'glucose meter diabetes' },
      { languages: ['de'], countries: ['DE', 'AT'], partNumber: 'GS-PRO-DE', bom: 'BOM-GS-PRO', lot: 'LOT-GS7742', keywords: 'Blutzuckermessgerät Diabetes' },
      { languages: ['pt'], countries: ['PT', 'BR'], partNumber: 'GS-PRO-PT', bom: 'BOM-GS-PRO', lot: 'LOT-GS7743', keywords: 'medidor de glicose' },
    ],
  },
  {
    customer: 0,
    family: 'VentaLine Infusion Sets',
    product: 'VentaLine Gravity Infusion Set',
    use: 'for the gravity administration of fluids from a container into the venous system of a patient',
    changeType: 'General Document',
    changeDescription: 'Flow rate table replaced',
    changeJustification: 'Drip chamber redesign',
    isInternal: true,
    effectiveInDays: 7,
    outcome: 'reject',
    reason: 'The flow rate table does not match verification report VR-221; please attach the report and correct the 20 drops/ml row.',
    children: [
      { languages: ['en'], countries: ['GB'], partNumber: 'VL-G200-EN', bom: 'BOM-VL-G200', lot: 'LOT-VL3301', keywords: 'infusion set gravity' },
      { languages: ['fr', 'nl'], countries: ['BE'], partNumber: 'VL-G200-BE', bom: 'BOM-VL-G200', lot: 'LOT-VL3302', keywords: 'perfuseur infuusset' },
    ],
  },
  {
    customer: 1,
    family: 'DermaClose Skin Staplers',
    product: 'DermaClose 35W Skin Stapler',
    use: 'for the closure of skin incisions and lacerations during surgical procedures',
    changeType: 'Product Drawing',
    changeDescription: 'Staple removal drawing added to the leaflet',
    changeJustification: 'Usability study US-09 showed that removal steps were unclear',
    isInternal: false,
    effectiveInDays: 45,
    outcome: 'approve',
    children: [
      { languages: ['en'], countries: ['GB', 'US', 'NZ'], partNumber: 'DC-35W-EN', bom: 'BOM-DC-35W', lot: 'LOT-DC5510', keywords: 'skin stapler wound closure' },
      { languages: ['es'], countries: ['ES', 'AR', 'CL'], partNumber: 'DC-35W-ES', bom: 'BOM-DC-35W', lot: 'LOT-DC5511', keywords: 'grapadora cutánea' },
      { languages: ['de'], countries: ['DE', 'CH'], partNumber: 'DC-35W-DE', bom: 'BOM-DC-35W', lot: 'LOT-DC5512', keywords: 'Hautklammergerät Wundverschluss' },
      { languages: ['it'], countries: ['IT', 'SM'], partNumber: 'DC-35W-IT', bom: 'BOM-DC-35W', lot: 'LOT-DC5513', keywords: 'suturatrice cutanea' },
    ],
  },
];

/** The PDF content of one child: a title in each of its languages, then each language's sections. */
export function ifuOf(order: DemoChangeOrder, child: DemoChild, manufacturer: string): DemoIfu {
  return {
    titles: child.languages.map((language) => IFU_TEXT[language].title),
    product: order.product,
    partNumber: child.partNumber,
    lotNumber: child.lot,
    manufacturer,
    sections: child.languages.flatMap((language) =>
      IFU_TEXT[language].sections(order.product, order.use).map((s) => (child.languages.length > 1 ? { ...s, heading: `[${language.toUpperCase()}] ${s.heading}` } : s)),
    ),
  };
}
