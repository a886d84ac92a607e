import { CASE_DESCRIPTION_MIN_CHARS, DATE_OF_BIRTH_MAX_AGE, DATE_OF_BIRTH_MIN_AGE, US_STATE_NAMES } from '@app/funnel';
import type { Catalog } from '../catalog';

const YES_NO = { yes: 'Sí', no: 'No' };
/*
 * Spanish for US Hispanic readers (issue 11 review). Choices a reader might wonder about:
 * - "usted" throughout; gender-neutral forms where a question would otherwise assume a man ("No lo sé",
 *   "¿Consideraría…?", "¿Tiene la ciudadanía…?"), and "le" with usted where "lo/la" would pick one.
 * - "abogados afiliados", never "asociados" (a firm's associate attorneys: the brand is not a law firm).
 * - "Se determinó que fue mi culpa", not "Me declararon culpable" (found guilty of a crime).
 * - "camión de carga o tráiler": "camión" alone is a bus to many readers; "Accidente en Uber o Lyft",
 *   not "Viaje compartido" (a carpool).
 * - Amounts in full ("$20,000"): "$20K" is English shorthand.
 */
const LAWYER = {
  have_lawyer: 'Tengo abogado',
  need_lawyer: 'NECESITO un abogado',
  want_new_lawyer: 'Quiero un abogado nuevo',
};
const ACCIDENT_TYPES = {
  car: 'Accidente de auto',
  truck: 'Accidente de camión de carga o tráiler',
  motorcycle: 'Accidente de motocicleta',
  rideshare: 'Accidente en Uber o Lyft',
  pedestrian_or_bicycle: 'Peatón o bicicleta',
  other: 'Otro accidente de vehículo',
};
const FAULT = {
  another_person: 'Otra persona lo causó',
  me: 'Se determinó que fue mi culpa',
  road_or_animal: 'El estado del camino o un animal',
  not_at_fault: 'No fue mi culpa',
  partially_at_fault: 'Fue en parte mi culpa',
  at_fault: 'Fue mi culpa',
};
const INJURIES = {
  'Back or Neck Pain': 'Dolor de espalda o cuello',
  'Broken Bones': 'Huesos rotos',
  Whiplash: 'Latigazo cervical',
  'Head Injury': 'Lesión en la cabeza',
  'Spinal Cord Injury': 'Lesión de la médula espinal',
  'Loss of Limb': 'Pérdida de una extremidad',
  'Cuts and Bruises': 'Cortes y moretones',
  'Other Injury': 'Otra lesión',
  not_injured: 'No me lesioné',
};
const TREATMENT = {
  Ambulance: 'Ambulancia',
  'Emergency Room': 'Sala de emergencias',
  "Doctor's Office": 'Consultorio médico',
  'No Treatment': 'Ningún tratamiento',
};
const POLICE = { ...YES_NO, not_sure: 'No lo sé' };
const VEHICLES = {
  'Personal Vehicle': 'Vehículo personal',
  'Work Vehicle': 'Vehículo de trabajo',
  Motorcycle: 'Motocicleta',
  'Not Sure': 'No lo sé',
};
const CONTACT = {
  first_name: 'Nombre',
  last_name: 'Apellido',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  zip_code: 'Código postal',
};
const DESCRIPTION = {
  title: 'Describa brevemente lo que pasó',
  hint: 'Por ejemplo: dónde ocurrió, qué hizo el otro conductor y cómo se lastimó.',
  labels: { case_description: '¿Qué pasó?' },
};
const NAME_EMAIL = { title: '¿A dónde le enviamos su revisión gratuita del caso?', labels: CONTACT };
const PHONE_ZIP = { title: 'Último paso: ¿cómo puede contactarle un abogado?', labels: CONTACT };
const WHEN = { title: '¿Cuándo ocurrió el accidente?', hint: 'Elija el mes; agregue el día si lo sabe.' };
// Issue 11: la descripción de un caso sin otro conductor (la multa, la parada por DUI).
const TICKET_DESCRIPTION = {
  title: 'Describa brevemente lo que pasó',
  hint: 'Por ejemplo: el motivo de la multa, dónde ocurrió y qué le dijo el agente.',
  labels: { case_description: '¿Qué pasó?' },
};

/** Spanish (spec §1: /survey/es, surveyes, /survey/v4nv-es, and thank-you pages with lang=es). */
export const catalog: Catalog = {
  meta: {
    title: 'Revisión gratuita de su caso de accidente',
    description:
      '¿Se lesionó en un accidente de auto? Responda unas preguntas y reciba una revisión gratuita de su caso.',
  },
  topicMeta: {
    'traffic-ticket': {
      title: 'Revisión gratuita de su multa de tránsito',
      description:
        '¿Recibió una multa de tránsito? Responda unas preguntas y un abogado de tránsito de su estado puede revisarla.',
    },
    benefits: {
      title: 'Verifique si es elegible',
      description: 'Responda tres preguntas para saber si podría ser elegible.',
    },
  },
  steps: {
    StartPath: {
      title: '¿Qué tipo de accidente tuvo?',
      hint: 'Responda unas preguntas rápidas para ver si califica para una revisión gratuita de su caso.',
      labels: { ...ACCIDENT_TYPES, start: 'Comenzar' },
    },
    AutoAccidentCaseWorth: {
      title: '¿Cree que su caso podría merecer una compensación?',
      labels: { i_think_so: 'Creo que sí', not_sure: 'No lo sé' },
    },
    WhenWasTheAccident: WHEN,
    AtFault: { title: '¿Quién causó el accidente?', labels: FAULT },
    WasUserInjured: { title: '¿Se lesionó en el accidente?', labels: { ...INJURIES, ...YES_NO } },
    ActiveInsurancePolicy: { title: '¿Tenía una póliza de seguro de auto vigente en ese momento?', labels: YES_NO },
    MissedWork: { title: '¿Faltó al trabajo por sus lesiones?', labels: YES_NO },
    SpeakingWithADoctor: { title: '¿Está hablando con un médico sobre sus lesiones?', labels: YES_NO },
    DidYouReceiveMedicalTreatment: { title: '¿Qué tratamiento médico recibió?', labels: TREATMENT },
    // Issue 28: the minimal variant asks it with Sí/No answers.
    DidYouReceiveMedicalTreatmentYesNo: { title: '¿Recibió tratamiento médico por sus lesiones?', labels: YES_NO },
    WillingToTreat: { title: '¿Consideraría ver a un médico por sus lesiones?', labels: YES_NO },
    PoliceReportFiled: { title: '¿Se presentó un reporte policial?', labels: POLICE },
    HasLawyer: { title: '¿Tiene abogado para este accidente?', labels: LAWYER },
    ConfirmationHasLawyer: {
      title: 'Para confirmar: ¿ya tiene un abogado trabajando en este accidente?',
      labels: {
        have_lawyer: 'Sí, tengo abogado',
        need_lawyer: 'No, necesito un abogado',
        want_new_lawyer: 'Sí, pero quiero un abogado nuevo',
      },
    },
    InterestedInFunding: {
      title: '¿Le gustaría un adelanto de su compensación mientras su caso sigue abierto?',
      labels: YES_NO,
    },
    FundingAmount: {
      title: '¿Cuánto dinero necesita?',
      labels: {
        under_2500: 'Menos de $2,500',
        '2500_5000': '$2,500 – $5,000',
        '5000_10000': '$5,000 – $10,000',
        over_10000: 'Más de $10,000',
      },
    },
    HasCaseBeenSettled: { title: '¿Su caso ya llegó a un acuerdo?', labels: YES_NO },
    HasReceivedFunding: { title: '¿Ya recibió un adelanto por este caso?', labels: YES_NO },
    LawFirmDetails: {
      title: '¿Quién es su abogado?',
      labels: { law_firm_name: 'Nombre del bufete', attorney_name: 'Nombre del abogado' },
    },
    IncidentDescription: DESCRIPTION,
    HitAndRunIdentified: { title: '¿Se identificó después al conductor que huyó?', labels: YES_NO },
    // The visitor's own policy, covering them against drivers without insurance (UM).
    UninsuredMotoristCoverage: {
      title: '¿Su propia póliza de seguro de auto le cubre contra conductores sin seguro (cobertura UM)?',
      labels: YES_NO,
    },
    AllPii: NAME_EMAIL,
    NameAndEmail: NAME_EMAIL,
    DateOfBirth: {
      title: '¿Cuál es su fecha de nacimiento?',
      hint: 'Los abogados de su estado la necesitan para confirmar su identidad y que usted puede firmar su propio reclamo. Nunca se muestra a nadie más.',
      labels: { date_of_birth: 'Fecha de nacimiento' },
    },
    PhoneAndZip: PHONE_ZIP,
    OtherDriversVehicleType: { title: '¿Qué manejaba el otro conductor?', labels: VEHICLES },
    TypeOfMedicalTreatment: { title: '¿Qué tratamiento médico recibió?', labels: TREATMENT },
    SocialDropPII: { title: '¿A quién le enviamos su revisión gratuita del caso?', labels: CONTACT },
    WereYouInAMotorVehicleAccident: { title: '¿Tuvo un accidente de vehículo motorizado?', labels: YES_NO },
    SocialDropWhenWasTheAccident: WHEN,
    DidYouRequireMedicalTreatment: { title: '¿Sus lesiones requirieron tratamiento médico?', labels: YES_NO },
    WillYouRequireMedicalTreatment: { title: '¿Cree que necesitará tratamiento médico?', labels: YES_NO },
    PendingDUICharges: {
      title: '¿Tiene cargos pendientes por DUI (manejar bajo los efectos del alcohol) por este accidente?',
      labels: YES_NO,
    },
    TypeOfAlcoholTestPerformed: {
      title: '¿Qué prueba de alcohol le hicieron?',
      labels: {
        breath: 'Prueba de aliento',
        blood: 'Prueba de sangre',
        urine: 'Prueba de orina',
        no_test: 'Ninguna prueba',
        refused_test: 'Me negué a la prueba',
      },
    },
    BACMeasuredByTest: {
      title: '¿Qué nivel de alcohol en la sangre midió la prueba?',
      labels: { under_08: 'Menos de 0.08', '08_to_15': 'De 0.08 a 0.15', over_15: 'Más de 0.15', dont_know: 'No sé' },
    },
    UserHasDUI: { title: '¿Ha tenido antes una infracción relacionada con el alcohol?', labels: YES_NO },
    // "le detuvo": le with usted, so the sentence assumes no gender ("lo detuvieron" would).
    DUIIncidentDescription: {
      ...DESCRIPTION,
      title: 'Describa brevemente lo que pasó cuando la policía le detuvo',
      hint: 'Por ejemplo: por qué le detuvo la policía, qué prueba le hicieron y qué le dijeron.',
    },
    WhenWasTheAccidentVW3: {
      ...WHEN,
      hint: 'Responda 9 preguntas rápidas para ver si califica para una revisión gratuita de su caso. Elija el mes; agregue el día si lo sabe.',
    },
    AtFaultVW3: { title: '¿Quién causó el accidente?', labels: FAULT },
    WasUserInjuredVW3: { title: '¿Se lesionó en el accidente?', labels: YES_NO },
    TypeOfMedicalTreatmentVW3: { title: '¿Qué tratamiento médico recibió?', labels: TREATMENT },
    PoliceReportFiledVW3: { title: '¿Se presentó un reporte policial?', labels: POLICE },
    HasLawyerVW3: { title: '¿Tiene abogado para este accidente?', labels: LAWYER },
    IncidentDescriptionVW3: DESCRIPTION,
    NameAndEmailVW3: NAME_EMAIL,
    PhoneAndZipVW3: PHONE_ZIP,
    WhenWasTheAccidentTikTok: WHEN,
    PoliceReportFiledTikTok: { title: '¿Se presentó un reporte policial?', labels: POLICE },
    IncidentDescriptionTikTok: DESCRIPTION,
    NameAndEmailTikTok: NAME_EMAIL,
    PhoneAndZipTikTok: PHONE_ZIP,
    HowWasUserHurt: { title: '¿Se lastimó en el accidente?', labels: YES_NO },
    DescribeInjuries: { title: '¿Cuál fue su lesión principal?', labels: { injury_type: 'Lesión principal' } },
    PoliceReport: { title: '¿Se presentó un reporte policial?', labels: POLICE },
    HasAttorney: { title: '¿Tiene abogado para este accidente?', labels: LAWYER },
    Description: DESCRIPTION,
    EmailAndName: NAME_EMAIL,
    ZipAndPhone: PHONE_ZIP,
    TypeOfAccident: { title: '¿Qué tipo de accidente tuvo?', labels: ACCIDENT_TYPES },
    ShowQuestions: {
      title: 'Vea si califica para una revisión gratuita de su caso',
      hint: 'Tres páginas cortas de preguntas, unos 2 minutos.',
      labels: { start: 'Comenzar mi revisión gratuita' },
    },
    FormFirstQuestions: { title: 'Sobre el accidente' },
    FormSecondQuestions: { title: 'Cuándo ocurrió y su tratamiento' },
    FormThirdQuestions: { title: '¿Cómo puede contactarle un abogado?' },
    OnePageForm: { title: 'Obtenga la revisión gratuita de su caso' },
    StartPathTicket: {
      title: '¿Recibió una multa de tránsito?',
      hint: 'Un abogado de tránsito podría lograr que se la reduzcan o anulen. Revisión gratuita y sin compromiso.',
      labels: { got_ticket: 'Sí, recibí una multa' },
    },
    StartTicketFlow: {
      title: 'Un abogado de multas podría ayudarle. Veamos sus opciones.',
      hint: 'Unas preguntas rápidas sobre su multa, alrededor de 1 minuto.',
      labels: { start: 'Comenzar mi revisión gratuita' },
    },
    TicketReceived: {
      title: '¿Por qué fue la multa?',
      labels: {
        speeding: 'Exceso de velocidad',
        red_light: 'Pasarse un semáforo en rojo',
        reckless_driving: 'Manejo imprudente',
        dui: 'DUI / DWI',
        no_insurance: 'Manejar sin seguro',
        other: 'Otra cosa',
      },
    },
    SelectState: { title: '¿En qué estado recibió la multa?', labels: { ticket_state: 'Estado' } },
    SelectDate: { title: '¿Cuándo recibió la multa?' },
    DoYouHaveAttorney: { title: '¿Tiene abogado para esta multa?', labels: LAWYER },
    NameAndEmailTicket: NAME_EMAIL,
    SelectAgeGroup: {
      title: '¿Qué edad tiene?',
      labels: {
        under_18: 'Menos de 18',
        '18_to_24': 'De 18 a 24',
        '25_to_44': 'De 25 a 44',
        '45_to_64': 'De 45 a 64',
        '65_plus': '65 o más',
      },
    },
    USCitizen: { title: '¿Tiene la ciudadanía de los Estados Unidos?', labels: YES_NO },
    SecuredBenefits: { title: '¿Ya obtuvo beneficios?', labels: YES_NO },
    GetStartedFirstStep: {
      title: '¿Se lesionó en un accidente? Vea cuánto podría valer su caso.',
      labels: { get_started: 'Comenzar' },
    },
    AccidentResultInMedicalTreatment: {
      title: '¿El accidente le llevó a recibir tratamiento médico?',
      labels: YES_NO,
    },
    ZipCode: { title: '¿Cuál es su código postal?', labels: CONTACT },
    PhoneAndBuyersConsent: PHONE_ZIP,
    PhoneAbbreviatedTCPA: PHONE_ZIP,
  },
  ui: {
    continue: 'Continuar',
    checking: 'Verificando…',
    back: 'Atrás',
    submit: 'Obtener mi revisión gratuita',
    submitting: 'Enviando su revisión del caso…',
    progressLabel: 'COMPLETADO',
    optional: 'opcional',
    year: 'Año',
    month: 'Mes',
    day: 'Día',
    dayUnknown: 'No lo recuerdo',
    months: [
      'Enero',
      'Febrero',
      'Marzo',
      'Abril',
      'Mayo',
      'Junio',
      'Julio',
      'Agosto',
      'Septiembre',
      'Octubre',
      'Noviembre',
      'Diciembre',
    ],
    earlierThan: (year) => `Antes de ${year}`,
    charactersNeeded: (n) => (n === 1 ? 'Falta 1 carácter' : `Faltan ${n} caracteres`),
    hitAndRun: 'El otro conductor huyó del lugar (se dio a la fuga)',
    callInstead: '¿Prefiere hablar? Llame al',
    secure: 'Su información es 100% segura y confidencial.',
    otherLanguage: 'English',
  },
  footer: {
    advertisement:
      'Este sitio web es un anuncio pagado. No somos un bufete de abogados y no damos asesoría legal. Enviar información no crea una relación abogado-cliente.',
    attorneyAdvertising: 'Publicidad de abogados. Los resultados anteriores no garantizan un resultado similar.',
    averageClaim: 'Reclamo promedio de compensación: $20,000.',
    copyright: '© {year} {brand}. Todos los derechos reservados.',
    linksLabel: 'Avisos legales y privacidad',
    privacy: 'Política de privacidad',
    terms: 'Términos de uso',
    doNotSell: 'No vender ni compartir mi información',
    sponsors: 'Patrocinadores',
    secure: '100% seguro y confidencial.',
  },
  fieldLabels: {
    ...CONTACT,
    address: 'Dirección',
    accident_type: 'Tipo de accidente',
    physical_injury: '¿Se lesionó?',
    police_report: '¿Se presentó un reporte policial?',
    at_Fault: '¿Fue su culpa?',
    with_Lawyer: '¿Tiene abogado?',
    injury_year: 'Año del accidente',
    injury_month: 'Mes del accidente',
    doctor_treatment: '¿Vio a un médico?',
    when_seek_medical_treatment: '¿Cuándo recibió tratamiento por primera vez?',
    case_description: '¿Qué pasó?',
  },
  values: {
    accident_type: ACCIDENT_TYPES,
    // Issue 28: the ticket's state picker shows names.
    ticket_state: US_STATE_NAMES,
    physical_injury: { Yes: 'Sí', No: 'No' },
    doctor_treatment: { Yes: 'Sí', No: 'No' },
    police_report: POLICE,
    at_Fault: YES_NO,
    with_Lawyer: YES_NO,
    when_seek_medical_treatment: {
      first_week: 'En la primera semana',
      within_a_month: 'Dentro de un mes',
      later: 'Después',
      not_yet: 'Todavía no',
    },
    injury_type: { ...INJURIES, None: 'Ninguna lesión' },
  },
  endScreens: {
    done: '¡Gracias! Recibimos su solicitud de revisión.',
    doneText: 'Un abogado afiliado podría comunicarse con usted pronto sobre su accidente.',
    eligible: 'Buenas noticias: podría calificar.',
    eligibleText: 'Llámenos para hablar de los siguientes pasos.',
    notEligible: {
      under18: {
        title: 'Su padre, madre o tutor debe solicitarlo por usted.',
        text: 'Los beneficios de un menor de 18 años los reclama su padre, madre o tutor. Pídale a uno de ellos que nos llame y lo revisaremos juntos.',
      },
      notCitizen: {
        title: 'Puede que no califique para estos beneficios.',
        text: 'Los beneficios de esta revisión son para ciudadanos estadounidenses. Si no está seguro de lo que le corresponde, llámenos y se lo diremos.',
      },
      benefitsSecured: {
        title: 'Usted ya recibe beneficios.',
        text: 'Ayudamos a obtener beneficios que aún no se tienen. Si sus beneficios fueron recortados, negados o no alcanzan, llámenos para hablarlo.',
      },
      other: {
        title: 'Gracias por sus respuestas.',
        text: 'Según sus respuestas, puede que no califique en este momento. Igual puede llamarnos para hablar de su situación.',
      },
    },
  },
  disqualifiedPanel: {
    title: 'Gracias por enviar su información.',
    text: 'Según sus respuestas, puede que no podamos conectarle con un abogado en este momento. Puede llamarnos para hablar de su situación.',
  },
  thankYou: { reviewButton: 'Revisión gratuita por teléfono' },
  notFound: {
    title: 'Página no encontrada',
    text: 'La página que busca no existe.',
    link: 'Comience su revisión gratuita',
  },
  // The domain's messages by their code (issue 11).
  errors: {
    firstName: 'Por favor escriba su nombre',
    lastName: 'Por favor escriba su apellido',
    email: 'Por favor escriba un correo electrónico válido',
    phone: 'Por favor escriba un número de teléfono válido',
    zip: 'Por favor escriba un código postal válido',
    caseDescription: `Por favor describa el incidente con al menos ${CASE_DESCRIPTION_MIN_CHARS} caracteres`,
    descriptionTooLong: 'La descripción puede tener como máximo 5000 caracteres',
    accidentYear: 'Por favor elija el año del accidente',
    accidentMonth: 'Por favor elija el mes del accidente',
    accidentDate: 'La fecha del accidente no puede ser en el futuro',
    dateOfBirth: 'Por favor escriba una fecha de nacimiento válida',
    dateOfBirthAge: `Por favor revise su fecha de nacimiento: debe tener entre ${DATE_OF_BIRTH_MIN_AGE} y ${DATE_OF_BIRTH_MAX_AGE} años`,
    lawFirm: 'Por favor escriba el nombre de su bufete',
    address: 'Por favor escriba su dirección',
    accidentDay: 'Por favor elija un día válido',
    chooseAnswer: 'Por favor elija una respuesta',
    answerQuestion: 'Por favor responda esta pregunta',
    invisibleCharacters: 'Por favor quite los caracteres invisibles o de control',
    // Issue 13: §5's SMS verification messages.
    incorrectCode: 'Código incorrecto, asegúrese de haber escrito todos los números correctos.',
    verificationFailed: 'La verificación falló, por favor escriba el código que recibió.',
  },
  topicSteps: {
    // Issue 28: la revisión de elegibilidad trata de beneficios después del accidente.
    benefits: {
      StartPath: {
        title: '¿Podría recibir beneficios después de su accidente?',
        hint: 'Tres preguntas rápidas le muestran si podría calificar.',
        labels: { start: 'Comenzar' },
      },
      SecuredBenefits: { title: '¿Ya recibe beneficios por sus lesiones?', labels: YES_NO },
    },
    'traffic-ticket': {
      IncidentDescription: TICKET_DESCRIPTION,
      PhoneAndZip: { title: 'Último paso: ¿cómo puede contactarle un abogado de tránsito?', labels: CONTACT },
    },
  },
  // Issue 13: one-to-one consent and SMS verification.
  interactions: {
    buyersTitle: 'Bufetes de abogados que pueden contactarle',
    buyersHint: 'Todos están seleccionados. Desmarque cualquier bufete del que no quiera saber.',
    firstModalTitle: 'Desmarcó algunos bufetes de abogados',
    firstModalText:
      'Menos bufetes pueden significar menos posibilidades de encontrar al abogado adecuado para su caso. ¿Continuar con los bufetes que dejó?',
    keepSelection: 'Continuar con mi selección',
    reviewFirms: 'Revisar los bufetes',
    secondModalTitle: 'No hay ningún bufete seleccionado',
    secondModalText: 'Sin al menos un bufete, ningún abogado podrá contactarle sobre la revisión de su caso.',
    selectAllContinue: 'Seleccionar todos y continuar',
    continueWithout: 'Continuar sin bufete',
    smsTitle: 'Verifique su número de teléfono',
    smsText: (phone) => `Enviamos un código de 6 dígitos por mensaje de texto al ${phone}. Escríbalo abajo.`,
    smsCodeLabel: 'Código de verificación',
    smsVerify: 'Verificar',
    smsResend: 'Enviar un código nuevo',
    smsResendIn: (seconds) => `Puede pedir un código nuevo en ${seconds} s`,
    smsSendFailed: 'No pudimos enviar un código a este número. Revíselo e intente de nuevo.',
    smsSkip: 'Cambiar mi número de teléfono',
    smsContinueUnverified: 'Continuar sin verificar',
  },
};
