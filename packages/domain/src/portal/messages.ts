import type { CheckName } from '@svc/contract';
import { CHECK_DISPLAY_NAMES } from '../checks/display-names.js';

// The one EN/FR message catalogue of what applicants read: the invitation email and SMS, the portal's pages, its
// labels and its error messages. `{name}` placeholders are filled by `translate`.

export const PORTAL_LANGUAGES = ['en', 'fr'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

export const isPortalLanguage = (value: unknown): value is PortalLanguage => value === 'en' || value === 'fr';

type Text = { readonly en: string; readonly fr: string };

const MESSAGES = {
  // Invitation email and SMS
  'email.subject': {
    en: '{organisation} invites you to complete a background screening',
    fr: '{organisation} vous invite à remplir une vérification des antécédents',
  },
  'email.greeting': { en: 'Hello {name},', fr: 'Bonjour {name},' },
  'email.greeting_anonymous': { en: 'Hello,', fr: 'Bonjour,' },
  'email.body': {
    en: '{organisation} has asked svc to run a background screening for you. Fill in the form, give your consent and submit it:',
    fr: '{organisation} a demandé à svc de vérifier vos antécédents. Remplissez le formulaire, donnez votre consentement et envoyez-le :',
  },
  'email.body_cosigner': {
    en: '{organisation} has asked svc to run a background screening for you as a co-signer (guarantor) of a rental application. Fill in the form, give your consent and submit it:',
    fr: '{organisation} a demandé à svc de vérifier vos antécédents en tant que cosignataire (garant) d’une demande de location. Remplissez le formulaire, donnez votre consentement et envoyez-le :',
  },
  'email.button': { en: 'Open your screening form', fr: 'Ouvrir votre formulaire de vérification' },
  'email.copy_link': {
    en: 'If the button does not work, copy this link into your browser:',
    fr: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  },
  'email.expiry': {
    en: 'The link works until {date}. You can save your progress and come back to it.',
    fr: 'Le lien est valide jusqu’au {date}. Vous pouvez enregistrer vos réponses et y revenir.',
  },
  'email.ignore': {
    en: 'If you did not expect this message, you can ignore it.',
    fr: 'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
  },
  'email.footer_whitelabel': {
    en: 'Sent by svc on behalf of {organisation}.',
    fr: 'Envoyé par svc pour le compte de {organisation}.',
  },
  'email.footer': {
    en: 'svc runs background screenings for {organisation}.',
    fr: 'svc effectue des vérifications des antécédents pour {organisation}.',
  },
  'sms.invitation': {
    en: '{organisation} asks you to complete a background screening: {link} (valid until {date})',
    fr: '{organisation} vous demande de remplir une vérification des antécédents : {link} (valide jusqu’au {date})',
  },

  // Portal pages
  'page.title': {
    en: 'Background screening for {organisation}',
    fr: 'Vérification des antécédents pour {organisation}',
  },
  'page.error_prefix': { en: 'Error: {title}', fr: 'Erreur : {title}' },
  'page.intro': {
    en: '{organisation} has asked svc to run a background screening for you. Give the information below, read the disclosure, give your consent and submit.',
    fr: '{organisation} a demandé à svc de vérifier vos antécédents. Donnez les renseignements ci-dessous, lisez l’avis, donnez votre consentement et envoyez le formulaire.',
  },
  'page.save_hint': {
    en: 'You can save your progress and come back with the link from your email until {date}.',
    fr: 'Vous pouvez enregistrer vos réponses et revenir avec le lien de votre courriel jusqu’au {date}.',
  },
  'page.cosigner': {
    en: 'You are a co-signer (guarantor) of this rental application. Only your own information is asked for here.',
    fr: 'Vous êtes cosignataire (garant) de cette demande de location. Seuls vos propres renseignements vous sont demandés ici.',
  },
  'page.optional_note': {
    en: 'Every field is required unless it says (optional).',
    fr: 'Tous les champs sont obligatoires, sauf ceux marqués (facultatif).',
  },
  'page.optional': { en: '(optional)', fr: '(facultatif)' },
  'page.language_switch': { en: 'Français', fr: 'English' },
  'page.saved': { en: 'Your progress is saved.', fr: 'Vos réponses sont enregistrées.' },
  'page.error_summary': { en: 'There is a problem', fr: 'Il y a un problème' },
  'page.error_summary_hint': {
    en: 'Correct the fields below, then submit again.',
    fr: 'Corrigez les champs ci-dessous, puis envoyez de nouveau.',
  },
  'page.email': { en: 'Email', fr: 'Courriel' },
  'page.save': { en: 'Save progress', fr: 'Enregistrer mes réponses' },
  'page.submit': { en: 'Submit', fr: 'Envoyer' },
  'page.submit_hint': {
    en: 'Once submitted, the information cannot be changed.',
    fr: 'Une fois envoyés, les renseignements ne peuvent plus être modifiés.',
  },
  'page.date_hint': { en: 'Year-month-day, for example 2019-03-31.', fr: 'Année-mois-jour, par exemple 2019-03-31.' },
  'page.choose': { en: 'Choose…', fr: 'Choisissez…' },
  'hint.sin_ssn_required': {
    en: '9 digits. The checks need it to find your records.',
    fr: '9 chiffres. Les vérifications en ont besoin pour trouver vos dossiers.',
  },
  'hint.sin_ssn_optional': {
    en: '9 digits. It helps the credit bureau find your file.',
    fr: '9 chiffres. Il aide le bureau de crédit à trouver votre dossier.',
  },
  'hint.province_state': {
    en: 'For example ON, QC or NY (OT for elsewhere).',
    fr: 'Par exemple QC, ON ou NY (OT ailleurs).',
  },
  'hint.phone': { en: 'For example 416 555 0199.', fr: 'Par exemple 514 555 0199.' },

  'section.identity': { en: 'About you', fr: 'À propos de vous' },
  'section.addresses': { en: 'Where you have lived', fr: 'Vos adresses' },
  'section.addresses_hint': {
    en: 'Start with your current address, then the ones before it.',
    fr: 'Commencez par votre adresse actuelle, puis les précédentes.',
  },
  'section.addresses_years': {
    en: 'Your addresses must go back at least {years} years, to {date}.',
    fr: 'Vos adresses doivent couvrir au moins les {years} dernières années, jusqu’au {date}.',
  },
  'section.employers': { en: 'Employment', fr: 'Emplois' },
  'section.employers_hint': {
    en: 'Start with your current or most recent employer.',
    fr: 'Commencez par votre employeur actuel ou le plus récent.',
  },
  'section.employers_years': {
    en: 'Your employment history must go back at least {years} years, to {date}.',
    fr: 'Vos emplois doivent couvrir au moins les {years} dernières années, jusqu’au {date}.',
  },
  'section.educations': { en: 'Education', fr: 'Études' },
  'section.educations_hint': {
    en: 'The schools, colleges or universities to verify.',
    fr: 'Les écoles, collèges ou universités à vérifier.',
  },
  'section.credentials': { en: 'Professional credentials', fr: 'Titres professionnels' },
  'section.credentials_hint': {
    en: 'Licences and certifications to verify.',
    fr: 'Permis et certifications à vérifier.',
  },
  'section.references_hint': {
    en: 'Give a referee for at least {count} of them: {contact}.',
    fr: 'Donnez une personne de référence pour au moins {count} d’entre eux : {contact}.',
  },
  'section.references_contact_email': { en: 'their name and email', fr: 'son nom et son courriel' },
  'section.references_contact_phone': { en: 'their name and phone number', fr: 'son nom et son numéro de téléphone' },
  'section.references_contact_both': {
    en: 'their name, email and phone number',
    fr: 'son nom, son courriel et son numéro de téléphone',
  },
  'section.consent': { en: 'Disclosure and consent', fr: 'Avis et consentement' },
  'section.documents': { en: 'Documents', fr: 'Pièces justificatives' },
  'documents.intro': {
    en: 'Upload a clear photo of each document. They are encrypted and used only for these checks.',
    fr: 'Téléversez une photo nette de chaque document. Ils sont chiffrés et servent uniquement à ces vérifications.',
  },
  'documents.identity_why': {
    en: 'Why a photo of your identity document and a selfie: to confirm that you are the person applying. The document is read (its barcode or the machine-readable lines at the bottom of a passport or ID card) and checked: that it is readable and consistent, and not expired. Its name and date of birth are compared with what you entered, and your selfie with the document’s photo. Take the photo flat and well lit, the whole document in view. Anything that cannot be confirmed automatically goes to a person to review; it is not treated as a failure.',
    fr: 'Pourquoi une photo de votre pièce d’identité et un égoportrait : pour confirmer que vous êtes bien la personne qui fait la demande. La pièce est lue (son code-barres ou les lignes lisibles par machine au bas d’un passeport ou d’une carte d’identité) et vérifiée : lisible, cohérente et non expirée. Son nom et sa date de naissance sont comparés à ce que vous avez saisi, et votre égoportrait à la photo de la pièce. Prenez la photo à plat, bien éclairée, la pièce entière visible. Ce qui ne peut pas être confirmé automatiquement est examiné par une personne; ce n’est pas traité comme un échec.',
  },
  'documents.received': {
    en: 'Received. Choose another file only to replace it.',
    fr: 'Reçu. Choisissez un autre fichier seulement pour le remplacer.',
  },

  'entry.addresses': { en: 'Address {number}', fr: 'Adresse {number}' },
  'entry.addresses_current': { en: 'Current address', fr: 'Adresse actuelle' },
  'entry.employers': { en: 'Employer {number}', fr: 'Employeur {number}' },
  'entry.educations': { en: 'Education {number}', fr: 'Études {number}' },
  'entry.credentials': { en: 'Credential {number}', fr: 'Titre {number}' },
  'entry.add.addresses': { en: 'Add another address', fr: 'Ajouter une adresse' },
  'entry.add.employers': { en: 'Add another employer', fr: 'Ajouter un employeur' },
  'entry.add.educations': { en: 'Add another education', fr: 'Ajouter des études' },
  'entry.add.credentials': { en: 'Add another credential', fr: 'Ajouter un titre' },
  'entry.remove': { en: 'Remove {entry}', fr: 'Retirer : {entry}' },
  'entry.landlord': {
    en: 'Landlord reference (optional for some addresses)',
    fr: 'Référence du propriétaire (facultative pour certaines adresses)',
  },
  'entry.manager': {
    en: 'Manager reference (optional for some employers)',
    fr: 'Référence d’un gestionnaire (facultative pour certains employeurs)',
  },
  'entry.end_date_current': {
    en: 'Leave empty for your current address.',
    fr: 'Laissez vide pour votre adresse actuelle.',
  },
  'entry.end_date_employer': {
    en: 'Leave empty if you still work there.',
    fr: 'Laissez vide si vous y travaillez encore.',
  },

  'consent.disclosure': {
    en: 'By submitting this form you authorise {organisation}, and svc acting on its behalf, to run the checks listed below and to collect, use and disclose the information you give for this screening only.',
    fr: 'En envoyant ce formulaire, vous autorisez {organisation}, et svc agissant pour son compte, à effectuer les vérifications ci-dessous et à recueillir, utiliser et communiquer les renseignements que vous donnez pour cette seule vérification.',
  },
  'consent.checks': { en: 'The checks:', fr: 'Les vérifications :' },
  'consent.protection': {
    en: 'Your personal information is sent over an encrypted connection, and your SIN/SSN, date of birth and licence number are encrypted where they are stored. You may ask {organisation} for a copy of the report.',
    fr: 'Vos renseignements personnels sont transmis par une connexion chiffrée, et votre NAS/SSN, votre date de naissance et votre numéro de permis sont chiffrés là où ils sont conservés. Vous pouvez demander une copie du rapport à {organisation}.',
  },
  'consent.signature_hint': {
    en: 'Type your full name as your signature: {name}.',
    fr: 'Tapez votre nom complet en guise de signature : {name}.',
  },
  'consent.signature_hint_anonymous': {
    en: 'Type your full name as your signature, as given in “About you”.',
    fr: 'Tapez votre nom complet en guise de signature, tel qu’indiqué dans « À propos de vous ».',
  },

  // The US flow (consent-rules.ts): the stand-alone disclosure, then the authorization, then the form. The
  // disclosure's wording is versioned: change US_FCRA_DISCLOSURE_VERSION with it.
  'fcra.step': { en: 'Step {number} of 3', fr: 'Étape {number} sur 3' },
  'fcra.disclosure_title': {
    en: 'Disclosure regarding background checks for employment',
    fr: 'Avis concernant les vérifications d’antécédents à des fins d’emploi',
  },
  'fcra.disclosure_report': {
    en: '{organisation} may obtain a consumer report about you from svc, a consumer reporting agency, for employment purposes: to consider you for employment.',
    fr: '{organisation} peut obtenir un rapport sur le consommateur (consumer report) vous concernant auprès de svc, une agence d’évaluation du consommateur, à des fins d’emploi : pour étudier votre candidature à un emploi.',
  },
  'fcra.disclosure_content': {
    en: 'The report may contain information about you from public records and other sources, such as your identity, criminal records, credit history, driving record, and employment and education history, as the checks requested need.',
    fr: 'Le rapport peut contenir des renseignements vous concernant tirés de registres publics et d’autres sources, comme votre identité, vos antécédents judiciaires, votre historique de crédit, votre dossier de conduite et vos antécédents d’emploi et d’études, selon les vérifications demandées.',
  },
  'fcra.continue': { en: 'Continue to the authorization', fr: 'Continuer vers l’autorisation' },
  'fcra.authorization_title': {
    en: 'Authorization of a consumer report',
    fr: 'Autorisation d’un rapport sur le consommateur',
  },
  'fcra.authorization_statement': {
    en: 'I authorize {organisation} to obtain a consumer report about me from svc for employment purposes, made of these checks:',
    fr: 'J’autorise {organisation} à obtenir auprès de svc un rapport sur le consommateur me concernant à des fins d’emploi, composé de ces vérifications :',
  },
  'fcra.rights_title': { en: 'Your rights', fr: 'Vos droits' },
  'fcra.rights': {
    en: 'You have rights under the Fair Credit Reporting Act. Read them before you authorize:',
    fr: 'Vous avez des droits en vertu de la Fair Credit Reporting Act. Lisez-les avant de donner votre autorisation :',
  },
  'fcra.summary_link': {
    en: 'A Summary of Your Rights Under the Fair Credit Reporting Act',
    fr: 'A Summary of Your Rights Under the Fair Credit Reporting Act (résumé de vos droits, en anglais)',
  },
  'fcra.summary_pdf': { en: 'Download it as a PDF', fr: 'Le télécharger en PDF' },
  'fcra.agreed': {
    en: 'I have read the disclosure and the summary of my rights, and I authorize this consumer report.',
    fr: 'J’ai lu l’avis et le résumé de mes droits, et j’autorise ce rapport sur le consommateur.',
  },
  'fcra.authorize': { en: 'Authorize and continue to the form', fr: 'Autoriser et continuer vers le formulaire' },
  'fcra.authorized_title': { en: 'Your authorization', fr: 'Votre autorisation' },
  'fcra.authorized': {
    en: 'You authorized this consumer report on {date}, signed “{name}”.',
    fr: 'Vous avez autorisé ce rapport sur le consommateur le {date}, sous la signature « {name} ».',
  },

  // Pages that answer a link that cannot be used
  'refusal.not_found_title': { en: 'This link is not valid', fr: 'Ce lien n’est pas valide' },
  'refusal.not_found': {
    en: 'Check that you copied the whole link from your email. If it still does not work, contact the organisation that invited you.',
    fr: 'Vérifiez que vous avez copié le lien complet de votre courriel. S’il ne fonctionne toujours pas, communiquez avec l’organisation qui vous a invité.',
  },
  'refusal.expired_title': { en: 'This link has expired', fr: 'Ce lien a expiré' },
  'refusal.expired': {
    en: 'Ask the organisation that invited you to send you a new invitation.',
    fr: 'Demandez à l’organisation qui vous a invité de vous envoyer une nouvelle invitation.',
  },
  'refusal.submitted_title': { en: 'This form has been submitted', fr: 'Ce formulaire a été envoyé' },
  'refusal.submitted': {
    en: 'Your information has been received. Nothing more is needed from you.',
    fr: 'Vos renseignements ont été reçus. Vous n’avez rien d’autre à faire.',
  },
  'refusal.withdrawn_title': { en: 'This invitation was withdrawn', fr: 'Cette invitation a été retirée' },
  'refusal.withdrawn': {
    en: 'The organisation that invited you withdrew this invitation and deleted the information it held about you. Nothing more is needed from you.',
    fr: 'L’organisation qui vous a invité a retiré cette invitation et supprimé les renseignements qu’elle détenait à votre sujet. Vous n’avez rien d’autre à faire.',
  },
  'refusal.stale_title': { en: 'This page has expired', fr: 'Cette page a expiré' },
  'refusal.stale': {
    en: 'For your security, open the link from your email again and repeat your last step. Saved progress is kept.',
    fr: 'Pour votre sécurité, ouvrez de nouveau le lien de votre courriel et refaites votre dernière étape. Les réponses enregistrées sont conservées.',
  },
  'refusal.bad_request_title': { en: 'This request cannot be handled', fr: 'Cette demande ne peut pas être traitée' },
  'refusal.bad_request': {
    en: 'Open the link from your email again and use the form on that page.',
    fr: 'Ouvrez de nouveau le lien de votre courriel et utilisez le formulaire de cette page.',
  },
  'refusal.unavailable_title': { en: 'Sorry, something went wrong', fr: 'Désolé, un problème est survenu' },
  'refusal.unavailable': {
    en: 'Your saved progress is kept. Try again in a few minutes.',
    fr: 'Vos réponses enregistrées sont conservées. Réessayez dans quelques minutes.',
  },
  'done.title': {
    en: 'Thank you: your information has been submitted',
    fr: 'Merci : vos renseignements ont été envoyés',
  },
  'done.body': {
    en: '{organisation} has received your information and consent. The checks have started; nothing more is needed from you.',
    fr: '{organisation} a reçu vos renseignements et votre consentement. Les vérifications ont commencé ; vous n’avez rien d’autre à faire.',
  },
  'done.continue': { en: 'Continue to {organisation}', fr: 'Continuer vers {organisation}' },

  // Error messages (the summary puts the entry's name before those of repeatable sections)
  'error.too_long': { en: 'Use {max} characters or fewer.', fr: 'Utilisez au plus {max} caractères.' },
  'error.invalid_date': {
    en: 'Enter a real date, for example 2019-03-31.',
    fr: 'Entrez une date réelle, par exemple 2019-03-31.',
  },
  'error.date_in_future': { en: 'The date cannot be in the future.', fr: 'La date ne peut pas être dans le futur.' },
  'error.end_before_start': {
    en: 'The end date must be on or after the start date.',
    fr: 'La date de fin doit suivre la date de début.',
  },
  'error.implausible_birth_date': {
    en: 'Enter your real date of birth, between 1 January 1900 and {date}: you must be at least 14 years old.',
    fr: 'Entrez votre vraie date de naissance, entre le 1er janvier 1900 et le {date} : vous devez avoir au moins 14 ans.',
  },
  'error.invalid_character': {
    en: 'Remove the invisible or text-direction characters (often pasted with the text): type it again.',
    fr: 'Retirez les caractères invisibles ou de sens d’écriture (souvent collés avec le texte) : retapez-le.',
  },
  'error.invalid_email': {
    en: 'Enter an email address like name@example.com.',
    fr: 'Entrez une adresse courriel comme nom@exemple.com.',
  },
  'error.invalid_phone': {
    en: 'Enter a phone number like 416 555 0199 (with + and the country code outside North America).',
    fr: 'Entrez un numéro comme 514 555 0199 (avec + et l’indicatif du pays hors de l’Amérique du Nord).',
  },
  'error.invalid_sin_ssn': {
    en: 'Enter the 9 digits of your SIN or SSN, like 123 456 789.',
    fr: 'Entrez les 9 chiffres de votre NAS ou SSN, comme 123 456 789.',
  },
  'error.invalid_code.province_state': {
    en: 'Enter the province or state code, like ON or NY.',
    fr: 'Entrez le code de la province ou de l’État, comme QC ou NY.',
  },
  'error.invalid_code.country': { en: 'Choose a country from the list.', fr: 'Choisissez un pays dans la liste.' },
  'error.history_too_short.addresses': {
    en: 'Your addresses must go back to {date} ({years} years): add the address where you lived before.',
    fr: 'Vos adresses doivent remonter au {date} ({years} ans) : ajoutez l’adresse où vous habitiez avant.',
  },
  'error.history_too_short.employers': {
    en: 'Your employment history must go back to {date} ({years} years): add your previous employer.',
    fr: 'Vos emplois doivent remonter au {date} ({years} ans) : ajoutez votre employeur précédent.',
  },
  'error.too_few_references.addresses': {
    en: 'Give a landlord reference for at least {count} of your addresses.',
    fr: 'Donnez une référence de propriétaire pour au moins {count} de vos adresses.',
  },
  'error.too_few_references.employers': {
    en: 'Give a manager reference for at least {count} of your employers.',
    fr: 'Donnez une référence de gestionnaire pour au moins {count} de vos employeurs.',
  },
  'error.required.addresses': { en: 'Add at least one address.', fr: 'Ajoutez au moins une adresse.' },
  'error.required.employers': { en: 'Add at least one employer.', fr: 'Ajoutez au moins un employeur.' },
  'error.required.educations': { en: 'Add at least one education.', fr: 'Ajoutez au moins des études.' },
  'error.required.credentials': { en: 'Add at least one credential.', fr: 'Ajoutez au moins un titre.' },
  'error.consent_name_mismatch': {
    en: 'Type your name exactly as given in “About you”: {name}.',
    fr: 'Tapez votre nom tel qu’indiqué dans « À propos de vous » : {name}.',
  },
  'error.consent_date_not_today': { en: 'Enter today’s date, {date}.', fr: 'Entrez la date d’aujourd’hui, {date}.' },
  'error.consent_not_given': {
    en: 'Tick the box to give your consent.',
    fr: 'Cochez la case pour donner votre consentement.',
  },
  'error.invalid_file_type': {
    en: 'Choose a photo (JPEG or PNG; a PDF for papers other than your identity document and selfie).',
    fr: 'Choisissez une photo (JPEG ou PNG; un PDF pour les documents autres que la pièce d’identité et l’égoportrait).',
  },

  'error.required': { en: 'Enter this information.', fr: 'Entrez ce renseignement.' },
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof MESSAGES;

/** Every key of the catalogue. */
export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];

/** Every field of the form: its label, and what its error says when it is left empty. */
const FIELDS = {
  'identity.first_name': {
    label: { en: 'First name', fr: 'Prénom' },
    missing: { en: 'Enter your first name.', fr: 'Entrez votre prénom.' },
  },
  'identity.middle_name': { label: { en: 'Middle name', fr: 'Second prénom' } },
  'identity.last_name': {
    label: { en: 'Last name', fr: 'Nom de famille' },
    missing: { en: 'Enter your last name.', fr: 'Entrez votre nom de famille.' },
  },
  'identity.date_of_birth': {
    label: { en: 'Date of birth', fr: 'Date de naissance' },
    missing: { en: 'Enter your date of birth.', fr: 'Entrez votre date de naissance.' },
  },
  'identity.phone_number': { label: { en: 'Phone number', fr: 'Numéro de téléphone' } },
  'identity.sin_ssn': {
    label: {
      en: 'Social insurance number (SIN) or social security number (SSN)',
      fr: 'Numéro d’assurance sociale (NAS) ou de sécurité sociale (SSN)',
    },
    missing: { en: 'Enter your SIN or SSN.', fr: 'Entrez votre NAS ou SSN.' },
  },
  'identity.license_number': {
    label: { en: 'Driver’s licence number', fr: 'Numéro de permis de conduire' },
    missing: { en: 'Enter your driver’s licence number.', fr: 'Entrez votre numéro de permis de conduire.' },
  },
  'identity.license_prov_state': {
    label: { en: 'Province or state that issued the licence', fr: 'Province ou État qui a délivré le permis' },
    missing: {
      en: 'Enter the province or state that issued your licence.',
      fr: 'Entrez la province ou l’État qui a délivré votre permis.',
    },
  },
  'addresses.address': {
    label: { en: 'Street address', fr: 'Adresse' },
    missing: { en: 'Enter the street address.', fr: 'Entrez l’adresse.' },
  },
  'addresses.unit': { label: { en: 'Unit or apartment', fr: 'Appartement ou bureau' } },
  'addresses.city': { label: { en: 'City', fr: 'Ville' }, missing: { en: 'Enter the city.', fr: 'Entrez la ville.' } },
  'addresses.province_state': {
    label: { en: 'Province or state code', fr: 'Code de la province ou de l’État' },
    missing: { en: 'Enter the province or state code.', fr: 'Entrez le code de la province ou de l’État.' },
  },
  'addresses.country': {
    label: { en: 'Country', fr: 'Pays' },
    missing: { en: 'Choose the country.', fr: 'Choisissez le pays.' },
  },
  'addresses.postal_code': { label: { en: 'Postal or ZIP code', fr: 'Code postal' } },
  'addresses.start_date': {
    label: { en: 'Date you moved in', fr: 'Date d’arrivée' },
    missing: { en: 'Enter the date you moved in.', fr: 'Entrez la date d’arrivée.' },
  },
  'addresses.end_date': {
    label: { en: 'Date you moved out', fr: 'Date de départ' },
    missing: { en: 'Enter the date you moved out.', fr: 'Entrez la date de départ.' },
  },
  'reference.first_name': {
    label: { en: 'Referee’s first name', fr: 'Prénom de la personne de référence' },
    missing: { en: 'Enter the referee’s first name.', fr: 'Entrez le prénom de la personne de référence.' },
  },
  'reference.last_name': {
    label: { en: 'Referee’s last name', fr: 'Nom de la personne de référence' },
    missing: { en: 'Enter the referee’s last name.', fr: 'Entrez le nom de la personne de référence.' },
  },
  'reference.email': {
    label: { en: 'Referee’s email', fr: 'Courriel de la personne de référence' },
    missing: { en: 'Enter the referee’s email.', fr: 'Entrez le courriel de la personne de référence.' },
  },
  'reference.phone': {
    label: { en: 'Referee’s phone number', fr: 'Téléphone de la personne de référence' },
    missing: { en: 'Enter the referee’s phone number.', fr: 'Entrez le téléphone de la personne de référence.' },
  },
  'employers.company_name': {
    label: { en: 'Employer name', fr: 'Nom de l’employeur' },
    missing: { en: 'Enter the employer’s name.', fr: 'Entrez le nom de l’employeur.' },
  },
  'employers.position': { label: { en: 'Position', fr: 'Poste' } },
  'employers.start_date': {
    label: { en: 'Start date', fr: 'Date de début' },
    missing: { en: 'Enter the date you started.', fr: 'Entrez la date de début.' },
  },
  'employers.end_date': { label: { en: 'End date', fr: 'Date de fin' } },
  'educations.institution': {
    label: { en: 'School, college or university', fr: 'École, collège ou université' },
    missing: { en: 'Enter the school, college or university.', fr: 'Entrez l’école, le collège ou l’université.' },
  },
  'educations.degree': { label: { en: 'Degree, diploma or certificate', fr: 'Diplôme ou certificat' } },
  'educations.country': { label: { en: 'Country', fr: 'Pays' } },
  'educations.start_date': { label: { en: 'Start date', fr: 'Date de début' } },
  'educations.end_date': { label: { en: 'End date', fr: 'Date de fin' } },
  'credentials.certification': {
    label: { en: 'Credential or licence', fr: 'Titre ou permis' },
    missing: { en: 'Enter the credential or licence.', fr: 'Entrez le titre ou le permis.' },
  },
  'credentials.institution': {
    label: { en: 'Issuing body', fr: 'Organisme émetteur' },
    missing: { en: 'Enter the body that issued it.', fr: 'Entrez l’organisme qui l’a délivré.' },
  },
  'credentials.date_of_certification': { label: { en: 'Date issued', fr: 'Date de délivrance' } },
  'credentials.current': { label: { en: 'I still hold it', fr: 'Je le détiens encore' } },
  'documents.identity_document': {
    label: {
      en: 'Photo of your identity document (passport, driver’s licence or national ID card)',
      fr: 'Photo de votre pièce d’identité (passeport, permis de conduire ou carte d’identité)',
    },
    missing: { en: 'Upload a photo of your identity document.', fr: 'Téléversez une photo de votre pièce d’identité.' },
  },
  'documents.selfie': {
    label: { en: 'A selfie: a photo of your face', fr: 'Un égoportrait : une photo de votre visage' },
    missing: { en: 'Upload a selfie.', fr: 'Téléversez un égoportrait.' },
  },
  'documents.proof_of_income': {
    label: { en: 'Proof of income (pay slip, tax notice)', fr: 'Preuve de revenu (talon de paie, avis de cotisation)' },
    missing: { en: 'Upload a proof of income.', fr: 'Téléversez une preuve de revenu.' },
  },
  'documents.resume': {
    label: { en: 'Your résumé', fr: 'Votre curriculum vitæ' },
    missing: { en: 'Upload your résumé.', fr: 'Téléversez votre curriculum vitæ.' },
  },
  'consent.full_name': {
    label: { en: 'Your full name', fr: 'Votre nom complet' },
    missing: { en: 'Type your full name.', fr: 'Tapez votre nom complet.' },
  },
  'consent.date': {
    label: { en: 'Today’s date', fr: 'Date d’aujourd’hui' },
    missing: { en: 'Enter today’s date.', fr: 'Entrez la date d’aujourd’hui.' },
  },
  'consent.agreed': {
    label: {
      en: 'I have read the disclosure and I consent to these checks.',
      fr: 'J’ai lu l’avis et je consens à ces vérifications.',
    },
    missing: { en: 'Tick the box to give your consent.', fr: 'Cochez la case pour donner votre consentement.' },
  },
} as const satisfies Record<string, { label: Text; missing?: Text }>;

export type PortalFieldKind = keyof typeof FIELDS;

/** Check names in French; English ones are the catalogue's display names. */
const CHECK_NAMES_FR: { readonly [C in CheckName]: string } = {
  identity_verification: 'Vérification de l’identité',
  enhanced_identity_verification: 'Vérification approfondie de l’identité',
  bureau: 'Vérification du dossier de crédit',
  base: 'Vérification de base',
  behavioural: 'Évaluation comportementale',
  softcheck: 'Recherche dans les registres publics (Softcheck)',
  us_ssn_verification: 'Vérification du SSN américain',
  us_criminal_softcheck: 'Recherche criminelle américaine (Softcheck)',
  instant_verify_employment: 'Vérification instantanée de l’emploi',
  instant_verify_education: 'Vérification instantanée des études',
  instant_verify_credential: 'Vérification instantanée des titres',
  international_criminal_record_check: 'Vérification internationale du casier judiciaire',
  motor_vehicle_records: 'Vérification du dossier de conduite',
  criminal_record_check: 'Vérification canadienne du casier judiciaire',
  enhanced_criminal_record_check: 'Vérification canadienne approfondie du casier judiciaire',
  vulnerable_sector_criminal_record_check: 'Vérification canadienne pour le secteur vulnérable',
  employer_references: 'Références d’employeurs',
  address_references: 'Références de propriétaires',
  employer_phone_references: 'Références téléphoniques d’employeurs',
  address_phone_references: 'Références téléphoniques de propriétaires',
  social_media_check: 'Vérification des médias sociaux',
  soquij: 'Recherche dans les dossiers judiciaires du Québec (SOQUIJ)',
  us_criminal_record_check_tier_1: 'Vérification du casier judiciaire américain (niveau 1)',
  us_criminal_record_check_tier_2: 'Vérification du casier judiciaire américain (niveau 2)',
  us_criminal_record_check_tier_3: 'Vérification du casier judiciaire américain (niveau 3)',
  education_verification: 'Vérification des études',
  credential_verification: 'Vérification des titres professionnels',
  employment_verification: 'Vérification de l’emploi',
  vaccination_check: 'Vérification de la vaccination',
  right_to_work: 'Vérification du droit de travailler',
  uk_basic_dbs_check: 'Vérification DBS de base (Royaume-Uni)',
  uk_basic_ds_check: 'Vérification Disclosure Scotland de base (Royaume-Uni)',
  uk_right_to_work_check: 'Vérification du droit de travailler (Royaume-Uni)',
  australian_criminal_intelligence_commission_check: 'Vérification nationale de police australienne (ACIC)',
  volunteer_acic_check: 'Vérification nationale de police australienne pour bénévoles (ACIC)',
};

const fill = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    params[name] === undefined ? placeholder : String(params[name]),
  );

/** A message in `language`, its `{placeholders}` filled. */
export function translate(
  language: PortalLanguage,
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return fill(MESSAGES[key][language], params);
}

export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

/** The label of a field of the form (`addresses.city` for every address's city). */
export const fieldLabel = (language: PortalLanguage, field: PortalFieldKind): string => FIELDS[field].label[language];

/** What an empty required field's error says. */
export function missingFieldMessage(language: PortalLanguage, field: PortalFieldKind): string {
  const text: { label: Text; missing?: Text } = FIELDS[field];
  return text.missing?.[language] ?? translate(language, 'error.required');
}

export const isPortalFieldKind = (field: string): field is PortalFieldKind => Object.hasOwn(FIELDS, field);

/** A check's name for applicants. */
export const checkNameFor = (language: PortalLanguage, checkName: CheckName): string =>
  language === 'fr' ? CHECK_NAMES_FR[checkName] : CHECK_DISPLAY_NAMES[checkName];

/** A date (YYYY-MM-DD) as applicants read it: "31 March 2026", "31 mars 2026". */
export function formatDate(language: PortalLanguage, isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
