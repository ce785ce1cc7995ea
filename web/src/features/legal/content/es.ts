import type { LegalLocaleContent } from '../types';
import { LEGAL_UPDATED, p, ul } from './helpers';
import { policiesEs } from './policies.es';

const es: LegalLocaleContent = {
  locale: 'es',
  ui: {
    lastUpdated: "Última actualización:",
    contents: "Contenido",
    print: "Imprimir",
    backToTop: "Volver arriba",
  },
  docs: {
    terms: {
      title: "Términos del Servicio",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "agreement",
          heading: "Aceptación de estos Términos",
          blocks: [
            p("Estos Términos del Servicio (los “Términos”) constituyen un acuerdo vinculante entre usted y Circle Marketplace, Inc. (“Circle” o “nosotros”). Regulan el uso del sitio web, la aplicación web y los servicios relacionados de Circle (el “Servicio”), un mercado en línea donde agentes inmobiliarios de Estados Unidos compran servicios de marketing y de negocio, como CRM, generación de prospectos, fotografía, letreros, coaching, préstamos, seguros de título y seguros, a proveedores independientes."),
            p("Al crear una cuenta, realizar una compra o usar el Servicio de cualquier otra forma, usted acepta estos Términos y las políticas que incorporan: nuestra Política de Privacidad, Política de Cookies, Protección al Comprador, Artículos y Servicios Prohibidos y, para los proveedores, el Acuerdo del Vendedor. Si no está de acuerdo, no use el Servicio. Estos Términos entran en vigor el 22 de noviembre de 2026. Si una traducción difiere de la versión en inglés, prevalecerá la versión en inglés en la medida en que la ley lo permita."),
          ],
        },
        {
          id: "eligibility",
          heading: "Requisitos y cuentas",
          blocks: [
            ul(
              "Debe tener al menos 18 años y capacidad legal para celebrar contratos.",
              "El Servicio se ofrece en Estados Unidos solo donde la ley local lo permite; algunos servicios o funciones pueden no estar disponibles en su estado.",
              "Debe proporcionar información exacta, incluidos los datos de licencia o de corredora que solicitemos, y mantenerla actualizada.",
              "Usted es responsable de toda la actividad de su cuenta. Mantenga su contraseña en secreto y avise de inmediato a support@circle.example si sospecha un acceso no autorizado.",
              "Si actúa en nombre de una corredora o un equipo, confirma que puede obligarlo a cumplir estos Términos.",
            ),
          ],
        },
        {
          id: "marketplace",
          heading: "Cómo funciona el mercado",
          blocks: [
            p("Circle pone en contacto a los agentes que compran servicios (“compradores”) con las empresas que los prestan (“proveedores” o “vendedores”). Salvo que un anuncio indique lo contrario, es el proveedor, y no Circle, quien presta el servicio que usted compra y quien responde de su calidad, entrega, licencias y legalidad. Circle no es corredor inmobiliario, prestamista, agente de títulos, aseguradora, bufete de abogados ni asesor financiero."),
            p("Los anuncios de proveedores son un directorio. La presencia de un proveedor en Circle, una insignia de “verificado” o una buena posición en los resultados no constituyen un respaldo ni una garantía. La verificación es una comprobación limitada que se hace cuando el proveedor se registra y no sustituye su propia diligencia debida."),
          ],
        },
        {
          id: "pro-membership",
          heading: "Membresía Pro",
          blocks: [
            p("La membresía Pro es una suscripción opcional que da acceso a los precios Pro, al copago de proveedores y al monedero de puntos."),
            ul(
              "Precio: US$99 al mes por el puesto principal y US$49 al mes por cada puesto adicional.",
              "Facturación: mensual, o anual por adelantado al precio de diez meses (dos meses gratis).",
              "Renovación: la membresía se renueva automáticamente hasta que usted la cancele. Puede cancelarla en cualquier momento desde la configuración de su cuenta; la cancelación surte efecto al final del período en curso y conservará los beneficios Pro hasta entonces.",
              "Cambios: le avisaremos con al menos 30 días de antelación de cualquier cambio de precio o de beneficios antes de que se aplique a su renovación, para que pueda cancelar si no está de acuerdo.",
              "Salvo que la ley o la Protección al Comprador dispongan otra cosa, no se reembolsan cuotas por períodos parciales.",
            ),
          ],
        },
        {
          id: "payments",
          heading: "Precios, pagos e impuestos",
          blocks: [
            p("Los anuncios muestran un precio minorista y, cuando se ofrece, un precio Pro más bajo para los miembros Pro activos. Los proveedores fijan los precios, que se muestran en dólares estadounidenses. Los pagos se realizan en una página de pago alojada por nuestro procesador de pagos (actualmente Stripe); Circle nunca almacena el número completo de su tarjeta. Al confirmar un pago, usted nos autoriza, a nosotros y a nuestro procesador, a cobrar el total que se muestra al finalizar la compra."),
            p("Circle no calcula, recauda ni declara ningún impuesto. Los compradores son responsables de los impuestos sobre sus compras, y los vendedores, de los impuestos sobre sus ventas e ingresos."),
          ],
        },
        {
          id: "co-pay",
          heading: "Copago de proveedores",
          blocks: [
            p("Algunos proveedores ofrecen pagar una parte del costo de un servicio para un miembro Pro (“copago”). El copago queda a criterio del proveedor y cada solicitud debe ser aprobada por él."),
            p("Para favorecer el cumplimiento de la Sección 8 de la Ley de Procedimientos de Liquidación de Bienes Raíces (RESPA), el copago tiene un límite: de forma predeterminada, los proveedores de servicios de liquidación (settlement service providers), como prestamistas, compañías de títulos y aseguradoras, pueden cubrir como máximo el 20% del costo, y los demás proveedores hasta el 70%. El copago debe reflejar la parte justa que corresponde al proveedor por un servicio que realmente lo beneficia, y nunca puede darse ni aceptarse a cambio de referidos. Usted se compromete a pagar su propia parte y a respetar las normas más estrictas de su corredora o de su estado."),
          ],
        },
        {
          id: "points",
          heading: "Monedero de puntos",
          blocks: [
            p("Los miembros Pro pueden acumular puntos en su monedero. Un punto equivale a US$1 de valor en compras elegibles de Circle. Los puntos son un beneficio promocional, no dinero: no tienen valor en efectivo y no pueden venderse, transferirse ni canjearse por dinero, salvo cuando la ley lo exija. Los puntos pueden caducar según se indique al emitirlos. Podemos retirar los puntos obtenidos mediante fraude, error o una transacción revertida, y los puntos no usados se pierden si su cuenta se cierra por incumplir estos Términos."),
          ],
        },
        {
          id: "features",
          heading: "Consultas, conserje de IA y enlaces de afiliado",
          blocks: [
            ul(
              "Consultas: puede reservar consultas con proveedores. La consulta es entre usted y el proveedor; Circle solo ofrece la programación y no responde del asesoramiento prestado.",
              "Conserje de IA: el conserje de IA recomienda herramientas según lo que usted le indique. Sus respuestas se generan automáticamente, pueden ser erróneas y no constituyen asesoramiento legal, financiero ni fiscal. Verifique la información importante antes de basarse en ella.",
              "Enlaces de afiliado: si sigue un enlace de afiliado y compra en el sitio del socio en un plazo de 30 días, Circle puede recibir una comisión. Los sitios de los socios tienen sus propias condiciones.",
            ),
          ],
        },
        {
          id: "user-content",
          heading: "Su contenido",
          blocks: [
            p("Usted es responsable del contenido que envía, incluidas reseñas, páginas de embudo y archivos subidos (“Contenido del Usuario”). Debe ser exacto y lícito, usted debe tener los derechos necesarios para compartirlo y debe cumplir nuestra política de Artículos y Servicios Prohibidos."),
            p("Usted conserva la titularidad de su Contenido del Usuario y otorga a Circle una licencia mundial, no exclusiva y libre de regalías para alojarlo, copiarlo, darle formato y mostrarlo con el fin de operar y promocionar el Servicio. Esta licencia termina cuando usted elimina el contenido, salvo las copias de seguridad conservadas por un tiempo limitado o cuando la ley exija conservarlo. Podemos retirar el Contenido del Usuario que incumpla estos Términos."),
          ],
        },
        {
          id: "acceptable-use",
          heading: "Uso aceptable",
          blocks: [
            p("Al usar el Servicio, usted no debe:"),
            ul(
              "infringir ninguna ley, incluidas RESPA y las leyes de vivienda justa, protección del consumidor, correo no deseado y privacidad;",
              "ofrecer, solicitar ni aceptar nada de valor a cambio de referidos de servicios de liquidación;",
              "publicar reseñas falsas o pagadas, ni manipular las valoraciones;",
              "extraer datos de forma automatizada, aplicar ingeniería inversa ni interferir con el Servicio o su seguridad;",
              "suplantar a otra persona ni acceder a una cuenta que no sea suya.",
            ),
          ],
        },
        {
          id: "intellectual-property",
          heading: "Propiedad intelectual de Circle",
          blocks: [
            p("El Servicio, incluidos su software, diseño y textos, así como el nombre y el logotipo de Circle, pertenecen a Circle o a sus licenciantes. Le otorgamos una licencia limitada, revocable e intransferible para usar el Servicio conforme a su finalidad y a estos Términos. Podemos usar sus comentarios sin ninguna obligación hacia usted."),
          ],
        },
        {
          id: "disclaimers",
          heading: "Exención de garantías",
          blocks: [
            p("EL SERVICIO SE PRESTA “TAL CUAL” Y “SEGÚN DISPONIBILIDAD”. EN LA MEDIDA MÁXIMA PERMITIDA POR LA LEY, CIRCLE RECHAZA TODA GARANTÍA, EXPRESA O IMPLÍCITA, INCLUIDAS LAS GARANTÍAS DE COMERCIABILIDAD, IDONEIDAD PARA UN FIN DETERMINADO, TITULARIDAD Y NO INFRACCIÓN. No garantizamos que el Servicio esté libre de errores ni que un proveedor o un resultado cumpla sus expectativas."),
          ],
        },
        {
          id: "liability",
          heading: "Limitación de responsabilidad",
          blocks: [
            p("EN LA MEDIDA MÁXIMA PERMITIDA POR LA LEY, CIRCLE NO SERÁ RESPONSABLE DE DAÑOS INDIRECTOS, INCIDENTALES, ESPECIALES, CONSECUENTES O PUNITIVOS, NI DE LA PÉRDIDA DE BENEFICIOS, DATOS U OPORTUNIDADES DE NEGOCIO, DERIVADOS DEL SERVICIO O DEL SERVICIO DE CUALQUIER PROVEEDOR. LA RESPONSABILIDAD TOTAL DE CIRCLE POR TODAS LAS RECLAMACIONES NO SUPERARÁ LA CANTIDAD MAYOR ENTRE LO QUE USTED HAYA PAGADO A CIRCLE EN LOS 12 MESES ANTERIORES A LA RECLAMACIÓN Y US$100. Algunas jurisdicciones no permiten estas limitaciones, por lo que es posible que algunas no se apliquen a usted."),
          ],
        },
        {
          id: "indemnification",
          heading: "Indemnización",
          blocks: [
            p("Usted se compromete a defender, indemnizar y mantener indemnes a Circle y a sus directivos, consejeros, empleados y agentes frente a cualquier reclamación, pérdida, daño, multa y costo, incluidos honorarios razonables de abogados, que se deriven de su uso del Servicio, de su Contenido del Usuario, de sus tratos con otros usuarios o de su incumplimiento de estos Términos o de cualquier ley."),
          ],
        },
        {
          id: "disputes",
          heading: "Disputas y ley aplicable",
          blocks: [
            p("Las disputas sobre un pedido deben abrirse en un plazo de 30 días, como se describe en nuestra política de Protección al Comprador. Para cualquier otro desacuerdo, escriba primero a legal@circle.example para que intentemos resolverlo de manera informal en un plazo de 60 días."),
            p("Estos Términos se rigen por las leyes del estado de Delaware y por la legislación federal de Estados Unidos aplicable, sin tener en cuenta sus normas sobre conflicto de leyes. Salvo que la ley de su lugar de residencia exija otra cosa, las disputas no resueltas se someterán a los tribunales estatales o federales de Delaware."),
          ],
        },
        {
          id: "termination",
          heading: "Suspensión y terminación",
          blocks: [
            p("Puede cerrar su cuenta en cualquier momento. Podemos suspender o cancelar su acceso si incumple estos Términos, si la ley lo exige o para proteger el Servicio y a sus usuarios. Las disposiciones que por su naturaleza deban mantenerse, como las obligaciones de pago, la exención de garantías, la limitación de responsabilidad y la indemnización, seguirán vigentes tras la terminación."),
          ],
        },
        {
          id: "changes",
          heading: "Cambios en estos Términos",
          blocks: [
            p("Le avisaremos con al menos 30 días de antelación, por correo electrónico o en el Servicio, de los cambios importantes en estos Términos, salvo que la ley exija aplicar un cambio antes. Si sigue usando el Servicio después de que un cambio entre en vigor, significa que lo acepta."),
          ],
        },
        {
          id: "contact",
          heading: "Contacto",
          blocks: [
            p("Circle Marketplace, Inc. Asuntos legales: legal@circle.example. Soporte: support@circle.example, disponible de 8:00 a 18:00 (hora del Pacífico), con respuesta a los correos electrónicos en un plazo de 24 horas."),
          ],
        },
      ],
    },

    privacy: {
      title: "Política de Privacidad",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "introduction",
          heading: "Introducción",
          blocks: [
            p("Esta Política de Privacidad explica cómo Circle Marketplace, Inc. (“Circle” o “nosotros”) recopila, usa, comparte y protege la información personal cuando usted utiliza el mercado, el sitio web y la aplicación web de Circle (el “Servicio”). Se aplica a los agentes que compran servicios, a los proveedores que los venden y a los visitantes de nuestro sitio. Entra en vigor el 22 de noviembre de 2026. El Servicio se ofrece en inglés, español y francés; si las versiones difieren, prevalecerá la versión en inglés en la medida en que la ley lo permita."),
          ],
        },
        {
          id: "information-we-collect",
          heading: "Información que recopilamos",
          blocks: [
            ul(
              "Datos de cuenta y perfil: su nombre, correo electrónico, teléfono, corredora, datos de su licencia inmobiliaria, preferencia de idioma y contraseña (que solo almacenamos en forma cifrada mediante hash).",
              "Datos de membresía y transacciones: su plan Pro y sus puestos, pedidos, solicitudes y aprobaciones de copago, saldo e historial de puntos, reembolsos y disputas.",
              "Datos de pago: usted introduce los datos de su tarjeta en la página de pago alojada por nuestro procesador de pagos (actualmente Stripe). Circle no recibe ni almacena el número completo de su tarjeta; recibimos datos limitados, como la marca de la tarjeta, los últimos cuatro dígitos y el estado del pago.",
              "Contenido del usuario: reseñas, páginas de embudo, imágenes, documentos y otros archivos subidos, así como los mensajes que envía a los proveedores o a nuestro equipo de soporte.",
              "Consultas: el proveedor, la fecha, la hora y las notas que añada al reservar una consulta.",
              "Conserje de IA: las preguntas que formula, la información que comparte en la conversación y las recomendaciones que devuelve.",
              "Datos de uso y del dispositivo: dirección IP, tipo de navegador, información del dispositivo, páginas vistas, enlaces en los que hace clic (incluidos los enlaces de afiliado), fechas y horas de las visitas y registros de errores.",
              "Información de terceros: confirmaciones de los proveedores (por ejemplo, que se aprobó un copago o se entregó un servicio) e informes de conversión de los socios afiliados.",
            ),
          ],
        },
        {
          id: "how-we-use",
          heading: "Cómo usamos la información",
          blocks: [
            ul(
              "Para crear y gestionar su cuenta y prestar el Servicio, incluidos la membresía Pro, los precios, el proceso de compra, los puntos y las consultas.",
              "Para procesar pagos, reembolsos y disputas, y para prevenir el fraude y el abuso.",
              "Para gestionar el copago, lo que incluye comprobar que se mantiene dentro de los límites que aplicamos conforme a RESPA y conservar registros de cumplimiento.",
              "Para generar las recomendaciones del conserje de IA y mejorar su calidad.",
              "Para responder a las solicitudes de soporte y enviar mensajes del servicio, como recibos, recordatorios de renovación y alertas de seguridad.",
              "Para entender cómo se usa el Servicio y mejorarlo, con analítica solo si usted acepta las cookies analíticas.",
              "Para enviar mensajes de marketing cuando la ley lo permita. Puede darse de baja en cualquier momento con el enlace incluido en cada mensaje.",
              "Para cumplir obligaciones legales, hacer cumplir nuestras condiciones y proteger los derechos y la seguridad de nuestros usuarios, de los proveedores y de Circle.",
            ),
          ],
        },
        {
          id: "sharing",
          heading: "Cómo compartimos la información",
          blocks: [
            p("Solo compartimos información personal en los casos que se describen a continuación:"),
            ul(
              "Con proveedores: cuando usted compra un servicio, reserva una consulta o solicita un copago, compartimos los datos que el proveedor necesita, como su nombre, datos de contacto, corredora y detalles del pedido. Los proveedores usan esta información según sus propias políticas de privacidad y nuestro Acuerdo del Vendedor.",
              "Con proveedores de servicios: empresas que alojan nuestros sistemas, procesan pagos, envían correos electrónicos, ofrecen analítica o hacen funcionar el conserje de IA, siguiendo nuestras instrucciones.",
              "Con socios afiliados: cuando usted sigue un enlace de afiliado, el socio recibe un identificador de referencia para poder atribuir una compra realizada en un plazo de 30 días.",
              "Por motivos legales: cuando lo exija la ley, una citación o un organismo regulador, o para proteger derechos, bienes y la seguridad de las personas.",
              "En una transmisión empresarial: como parte de una fusión, adquisición o venta de activos, con sujeción a esta Política.",
              "Con su consentimiento o siguiendo sus indicaciones.",
            ),
            p("No vendemos información personal a cambio de dinero. Si activa las cookies de marketing, cierta información puede compartirse con socios publicitarios de una forma que algunas leyes estatales consideran “venta” o “intercambio” con fines de publicidad dirigida. Puede oponerse en cualquier momento desactivando las cookies de marketing en la configuración de cookies o activando Global Privacy Control en su navegador."),
          ],
        },
        {
          id: "cookies",
          heading: "Cookies",
          blocks: [
            p("Usamos cookies necesarias, incluida una cookie de sesión HttpOnly que mantiene su sesión iniciada, y, solo con su consentimiento, cookies analíticas, funcionales y de marketing. Sus preferencias se guardan en su navegador. Consulte nuestra Política de Cookies para más detalles."),
          ],
        },
        {
          id: "retention",
          heading: "Cuánto tiempo conservamos la información",
          blocks: [
            p("Conservamos la información personal solo durante el tiempo necesario para los fines descritos en esta Política. Los datos de la cuenta se conservan mientras la cuenta está abierta. Los registros de transacciones, copagos e impuestos se conservan durante el tiempo que exijan las normas contables, fiscales y de cumplimiento, normalmente siete años. Los registros técnicos y las conversaciones con el conserje de IA se conservan durante períodos más cortos, salvo que sean necesarios por motivos de seguridad o para una disputa. Cuando la información deja de ser necesaria, la eliminamos o la anonimizamos."),
          ],
        },
        {
          id: "security",
          heading: "Seguridad",
          blocks: [
            p("Protegemos la información con medidas técnicas y organizativas, como conexiones cifradas, contraseñas cifradas mediante hash, cookies de sesión HttpOnly, controles de acceso y supervisión. Ningún sistema es completamente seguro, por lo que no podemos garantizar una seguridad absoluta. Si tenemos conocimiento de una violación de seguridad que afecte a su información personal, se lo notificaremos según lo exija la ley."),
          ],
        },
        {
          id: "your-rights",
          heading: "Sus derechos de privacidad",
          blocks: [
            p("Según su estado de residencia, incluso en virtud de la Ley de Privacidad del Consumidor de California (CCPA) y de leyes similares, usted puede tener derecho a:"),
            ul(
              "conocer la información personal que tenemos sobre usted y acceder a ella;",
              "corregir la información inexacta;",
              "eliminar su información, con sujeción a las excepciones legales;",
              "recibir una copia portátil de su información;",
              "oponerse a la venta o al intercambio de su información y a la publicidad dirigida;",
              "retirar su consentimiento, por ejemplo, a las cookies analíticas o de marketing.",
            ),
            p("Para presentar una solicitud, escriba a legal@circle.example. Verificaremos su identidad antes de actuar y responderemos en un plazo de 45 días, o le indicaremos si necesitamos más tiempo, según lo permita la ley. Puede actuar a través de un representante autorizado. Si denegamos su solicitud, puede apelar respondiendo a nuestra decisión. No lo discriminaremos por ejercer sus derechos."),
          ],
        },
        {
          id: "children",
          heading: "Menores de edad",
          blocks: [
            p("El Servicio está dirigido a profesionales de 18 años o más. No recopilamos a sabiendas información personal de menores de 18 años. Si cree que un menor nos ha facilitado información, contáctenos y la eliminaremos."),
          ],
        },
        {
          id: "international",
          heading: "Dónde se trata la información",
          blocks: [
            p("Circle tiene su sede en Estados Unidos, donde tratamos y almacenamos la información. Si accede al Servicio desde otro país, su información se transferirá a Estados Unidos, cuyas leyes de protección de datos pueden ser diferentes de las de su país."),
          ],
        },
        {
          id: "changes",
          heading: "Cambios en esta Política",
          blocks: [
            p("Podemos actualizar esta Política periódicamente. Publicaremos la nueva versión con una nueva fecha de “Última actualización” y, en caso de cambios importantes, se lo notificaremos por correo electrónico o en el Servicio antes de que entren en vigor."),
          ],
        },
        {
          id: "contact",
          heading: "Contacto",
          blocks: [
            p("Para preguntas o solicitudes sobre privacidad, contacte con Circle Marketplace, Inc. en legal@circle.example. Para obtener ayuda con su cuenta, escriba a support@circle.example. El soporte está disponible de 8:00 a 18:00 (hora del Pacífico) y respondemos a los correos electrónicos en un plazo de 24 horas."),
          ],
        },
      ],
    },

    cookies: {
      title: "Política de Cookies",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "overview",
          heading: "Resumen",
          blocks: [
            p("Esta Política de Cookies explica cómo Circle Marketplace, Inc. (“Circle”) utiliza cookies y tecnologías similares en el sitio web y la aplicación web de Circle, y cómo puede usted controlarlas. Debe leerse junto con nuestra Política de Privacidad. Entra en vigor el 22 de noviembre de 2026."),
          ],
        },
        {
          id: "what-are-cookies",
          heading: "Qué son las cookies",
          blocks: [
            p("Las cookies son pequeños archivos de texto que un sitio web guarda en su navegador. Tecnologías similares, como el almacenamiento local, permiten a un sitio guardar información en su dispositivo de la misma manera. Algunas las establece Circle (cookies propias) y otras, empresas que nos prestan servicios a nosotros o a usted (cookies de terceros). Algunas duran solo hasta que cierra el navegador (cookies de sesión); otras permanecen durante un período determinado (cookies persistentes)."),
          ],
        },
        {
          id: "categories",
          heading: "Categorías que utilizamos",
          blocks: [
            ul(
              "Necesarias (siempre activas): imprescindibles para que el Servicio funcione, por ejemplo, para mantener su sesión iniciada, proteger los formularios contra falsificaciones, equilibrar el tráfico, recordar el idioma que eligió (inglés, español o francés) y recordar sus preferencias de cookies. No pueden desactivarse en nuestro banner porque el Servicio no funcionaría sin ellas.",
              "Analíticas (opcionales): nos ayudan a entender cómo se usa el Servicio, por ejemplo, qué páginas se visitan y dónde se producen errores, para poder mejorarlo. Usamos los resultados de forma agregada.",
              "Funcionales (opcionales): recuerdan preferencias que mejoran su experiencia, como la configuración de visualización y los elementos vistos recientemente.",
              "De marketing (opcionales): miden la eficacia de nuestras campañas y le muestran publicidad de Circle más relevante en otros sitios.",
            ),
            p("Las cookies analíticas, funcionales y de marketing están desactivadas hasta que usted decida activarlas. Si las rechaza, puede seguir usando todas las funciones del mercado, incluido el proceso de compra y su monedero de puntos; simplemente es posible que algunas preferencias no se recuerden entre visitas."),
          ],
        },
        {
          id: "session-cookie",
          heading: "Su sesión iniciada",
          blocks: [
            p("Cuando inicia sesión, establecemos una cookie de sesión marcada como HttpOnly, lo que significa que los scripts que se ejecutan en la página no pueden leerla. Esto ayuda a proteger su cuenta contra ataques de secuencias de comandos en sitios cruzados (XSS). La cookie solo se envía a través de conexiones seguras, se limita a Circle y se elimina cuando usted cierra la sesión o cuando esta caduca. Es una cookie necesaria y no lo rastrea en otros sitios web."),
          ],
        },
        {
          id: "duration",
          heading: "Cuánto duran las cookies",
          blocks: [
            ul(
              "Cookie de sesión: hasta que cierre la sesión o esta caduque tras un período de inactividad.",
              "Cookies de seguridad y de equilibrio de carga: no más de una sesión de navegación.",
              "Registro de consentimiento: hasta que cambie sus preferencias, borre el almacenamiento del navegador o actualicemos la versión del consentimiento.",
              "Cookies analíticas, funcionales y de marketing: no más de 13 meses desde que se establecen, y normalmente menos.",
            ),
          ],
        },
        {
          id: "consent",
          heading: "Cómo funciona el consentimiento",
          blocks: [
            p("La primera vez que visita Circle, un banner de consentimiento le permite aceptar todas las cookies opcionales, rechazarlas o elegir por categoría. Su elección se guarda en su navegador junto con la versión del texto de consentimiento que vio (actualmente la versión 1.0) y la fecha. Como la elección se guarda en su navegador, solo se aplica a ese navegador y dispositivo. Si borra el almacenamiento del navegador o usa otro dispositivo, el banner volverá a aparecer."),
            p("Si añadimos nuevas categorías o cambiamos el uso de las cookies de un modo que afecte a su elección, actualizaremos la versión del consentimiento y volveremos a preguntarle."),
          ],
        },
        {
          id: "managing",
          heading: "Cómo cambiar sus preferencias",
          blocks: [
            ul(
              "Use el enlace “Configuración de cookies” en el pie de cualquier página para cambiar o retirar su consentimiento en cualquier momento. Retirar el consentimiento detiene el uso futuro, pero no afecta al uso anterior a la retirada.",
              "La mayoría de los navegadores permiten bloquear o eliminar cookies. Si bloquea las cookies necesarias, no podrá iniciar sesión ni completar una compra.",
              "Si su navegador envía una señal Global Privacy Control o “No rastrear” (Do Not Track), no mostramos el banner y mantenemos desactivadas las cookies analíticas, funcionales y de marketing, salvo que usted las active en la configuración de cookies.",
            ),
          ],
        },
        {
          id: "third-parties",
          heading: "Cookies de terceros",
          blocks: [
            ul(
              "Pagos: el proceso de compra se realiza en una página de pago alojada por nuestro procesador de pagos (actualmente Stripe), que puede establecer sus propias cookies para procesar pagos y prevenir el fraude.",
              "Proveedores de analítica y publicidad: solo si usted acepta la categoría correspondiente.",
              "Socios afiliados: cuando sigue un enlace de afiliado, el socio puede establecer cookies en su propio sitio para atribuir a Circle una compra realizada en un plazo de 30 días. Estas cookies se rigen por la política del socio.",
            ),
            p("No controlamos las cookies de terceros. Consulte las políticas de esas empresas."),
          ],
        },
        {
          id: "privacy-signals",
          heading: "Las cookies y sus derechos de privacidad",
          blocks: [
            p("Según algunas leyes estatales de privacidad, usar cookies de marketing para mostrarle anuncios en otros sitios web puede considerarse una “venta” o un “intercambio” de información personal. Puede oponerse en cualquier momento desactivando las cookies de marketing en la configuración de cookies. También respetamos las señales de privacidad del navegador: cuando su navegador envía Global Privacy Control o “No rastrear” (Do Not Track), lo tratamos como un rechazo de todas las cookies opcionales, incluidas las de marketing, en ese navegador. Consulte nuestra Política de Privacidad para conocer sus demás derechos."),
          ],
        },
        {
          id: "changes",
          heading: "Cambios en esta Política",
          blocks: [
            p("Podemos actualizar esta Política de Cookies. La fecha de “Última actualización” indica la versión vigente, y volveremos a pedir su consentimiento cuando el cambio lo requiera."),
          ],
        },
        {
          id: "contact",
          heading: "Contacto",
          blocks: [
            p("Puede enviar sus preguntas sobre las cookies o esta Política a Circle Marketplace, Inc. en legal@circle.example. Para obtener ayuda con su cuenta, escriba a support@circle.example; nuestro equipo está disponible de 8:00 a 18:00 (hora del Pacífico) y responde en un plazo de 24 horas."),
          ],
        },
      ],
    },

    "buyer-protection": {
      title: "Protección al Comprador",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "overview",
          heading: "Resumen",
          blocks: [
            p("La Protección al Comprador de Circle ayuda a los agentes que compran servicios en el mercado de Circle cuando algo sale mal con un pedido. La ofrece Circle Marketplace, Inc. (“Circle”), forma parte de nuestros Términos del Servicio y entra en vigor el 22 de noviembre de 2026. No limita ningún derecho que usted tenga según la ley aplicable."),
          ],
        },
        {
          id: "coverage",
          heading: "Qué cubre",
          blocks: [
            p("La Protección al Comprador se aplica a los servicios pedidos y pagados a través del proceso de compra de Circle por un comprador cuya cuenta esté en regla. Cubre tanto las compras a precio minorista como a precio Pro, incluidos los pedidos pagados en parte con puntos o con copago. Puede tener derecho a un reembolso u otra solución si:"),
            ul(
              "el proveedor no entregó el servicio o no lo inició en el plazo indicado en el anuncio;",
              "el servicio entregado es sustancialmente diferente de la descripción del anuncio, por ejemplo, faltan entregables, la cantidad es distinta o el nivel es inferior;",
              "el proveedor canceló el pedido o ya no puede prestar el servicio;",
              "se le cobró dos veces, se le cobró un importe incorrecto o se le cobró un pedido que usted no realizó;",
              "un proveedor aprobó un copago pero no lo financió, en cuyo caso usted no pagará más que el total mostrado al finalizar la compra.",
            ),
          ],
        },
        {
          id: "not-covered",
          heading: "Qué no cubre",
          blocks: [
            ul(
              "La insatisfacción con los resultados comerciales, como el número de prospectos o de cierres, salvo que el anuncio garantizara expresamente ese resultado.",
              "Un cambio de opinión después de que el servicio se haya entregado según lo descrito.",
              "Los problemas causados por información incompleta o incorrecta que usted facilitó al proveedor.",
              "Las compras realizadas fuera de Circle, incluidas las hechas en sitios de socios a los que se accede mediante enlaces de afiliado.",
              "Las recomendaciones del conserje de IA, que son solo informativas.",
              "Las consultas que no implican un pago a través de Circle.",
              "Las cuotas de la membresía Pro por períodos parciales, salvo errores de facturación o cuando la ley exija un reembolso.",
            ),
          ],
        },
        {
          id: "opening-a-dispute",
          heading: "Cómo abrir una disputa",
          blocks: [
            p("Le recomendamos contactar primero con el proveedor desde la página del pedido; muchos problemas se resuelven rápidamente así. Si eso no funciona, abra una disputa desde la página del pedido o escribiendo a support@circle.example. Solo el comprador que realizó el pedido, o un administrador de la cuenta de equipo del comprador, puede abrir una disputa."),
            p("Las disputas deben abrirse en un plazo de 30 días desde la fecha de entrega o, si el servicio nunca se entregó, en un plazo de 30 días desde la fecha de entrega prevista. Incluya el número de pedido, una descripción del problema, la solución que desea y cualquier prueba que la respalde, como mensajes, archivos o capturas de pantalla."),
          ],
        },
        {
          id: "recurring",
          heading: "Servicios recurrentes",
          blocks: [
            p("Algunos proveedores venden servicios que se facturan por períodos recurrentes, como una suscripción mensual a un CRM. Cada período de facturación se trata como un pedido independiente: el plazo de 30 días para abrir una disputa se cuenta desde el inicio de cada período. Puede cancelar las renovaciones futuras desde la página del pedido en cualquier momento. La cancelación no da lugar al reembolso del período en curso, salvo que el servicio no se haya prestado según lo descrito durante ese período."),
          ],
        },
        {
          id: "resolution",
          heading: "Cómo resolvemos las disputas",
          blocks: [
            ul(
              "Notificamos al proveedor, que debe responder en un plazo de 5 días hábiles.",
              "Revisamos el anuncio, el historial del pedido, los mensajes y las pruebas de ambas partes, y podemos pedir más información a cualquiera de ellas.",
              "Procuramos tomar una decisión en un plazo de 10 días hábiles tras recibir ambas respuestas. Si el proveedor no responde a tiempo, podemos decidir con la información disponible.",
              "Los resultados posibles incluyen un reembolso total, un reembolso parcial, una nueva entrega o corrección del servicio, o el cierre de la disputa sin reembolso.",
            ),
            p("Decidimos de buena fe a partir de las pruebas, el anuncio y nuestras políticas. Puede pedirnos que reconsideremos la decisión una vez, en un plazo de 14 días, si dispone de información nueva."),
          ],
        },
        {
          id: "refunds",
          heading: "Reembolsos",
          blocks: [
            ul(
              "Los reembolsos aprobados se procesan en su método de pago original en un plazo de 3 a 5 días hábiles. Su banco o el emisor de su tarjeta pueden tardar más en reflejar el abono.",
              "Los puntos que usó en el pedido se devuelven a su monedero de puntos.",
              "La parte del precio cubierta por el copago de un proveedor se devuelve al proveedor que la financió, no se le abona a usted.",
              "Los reembolsos se hacen en dólares estadounidenses por el importe efectivamente cobrado. Circle no calcula impuestos; contacte con el proveedor para cualquier ajuste fiscal.",
            ),
          ],
        },
        {
          id: "timeline",
          heading: "Plazos de un vistazo",
          blocks: [
            ul(
              "Hasta 30 días después de la entrega (o de la entrega prevista): abrir una disputa.",
              "En un plazo de 5 días hábiles: el proveedor responde.",
              "En unos 10 días hábiles desde ambas respuestas: Circle decide.",
              "De 3 a 5 días hábiles desde la aprobación de un reembolso: se procesa el reembolso.",
            ),
            p("Le mantenemos informado por correo electrónico y en la página del pedido en cada paso. Si un paso se demora, por ejemplo porque estamos esperando información, le explicaremos el motivo."),
          ],
        },
        {
          id: "chargebacks",
          heading: "Contracargos",
          blocks: [
            p("Contáctenos antes de impugnar un cargo ante su banco. Si inicia un contracargo mientras hay una disputa de Circle en curso, podemos cerrar la disputa de Circle y dejar que decida el procedimiento del banco. Los contracargos presentados de mala fe pueden dar lugar a la suspensión de la cuenta."),
          ],
        },
        {
          id: "fair-use",
          heading: "Uso razonable",
          blocks: [
            p("La Protección al Comprador está pensada para problemas reales. Podemos denegar la protección, revertir puntos o suspender cuentas en casos de fraude, abuso, reclamaciones infundadas reiteradas o intentos de obtener a la vez el servicio y un reembolso. Los proveedores no pueden presionar a los compradores para que retiren una disputa o modifiquen una reseña."),
          ],
        },
        {
          id: "support",
          heading: "Contacto y horario de soporte",
          blocks: [
            p("Nuestro equipo de soporte está disponible de 8:00 a 18:00 (hora del Pacífico) y responde a los correos electrónicos en un plazo de 24 horas. Escriba a support@circle.example para disputas y reembolsos, o a legal@circle.example para preguntas sobre esta política."),
          ],
        },
      ],
    },

    "seller-agreement": {
      title: "Acuerdo del Vendedor",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "introduction",
          heading: "Introducción",
          blocks: [
            p("Este Acuerdo del Vendedor es un contrato entre Circle Marketplace, Inc. (“Circle”) y cualquier empresa o persona que publique servicios en el mercado de Circle (el “proveedor” o “usted”). Se aplica además de nuestros Términos del Servicio, nuestra política de Protección al Comprador y nuestra política de Artículos y Servicios Prohibidos. Al crear una cuenta de proveedor o publicar un anuncio, usted acepta este Acuerdo. Entra en vigor el 22 de noviembre de 2026."),
          ],
        },
        {
          id: "eligibility",
          heading: "Requisitos y verificación",
          blocks: [
            ul(
              "Debe ser una empresa que opera legalmente o una persona de 18 años o más, y quien acepta este Acuerdo debe estar autorizado para obligarle.",
              "Debe tener, y mantener vigentes, todas las licencias y registros que exigen sus servicios, como un identificador NMLS para préstamos hipotecarios o las licencias estatales para títulos, depósito en garantía (escrow) o seguros, y acreditarlos cuando se lo pidamos.",
              "Debe indicarnos si es un proveedor de servicios de liquidación según RESPA e informarnos sin demora si eso cambia.",
              "Circle verifica a los proveedores cuando se registran y puede pedir información actualizada en cualquier momento. Aparecer en Circle es una entrada de directorio, no un respaldo, y Circle puede rechazar o retirar cualquier anuncio.",
            ),
          ],
        },
        {
          id: "listings",
          heading: "Anuncios y precios",
          blocks: [
            ul(
              "Los anuncios deben describir su servicio de forma exacta y completa, incluidos los entregables, los plazos, lo que se requiere del comprador y las condiciones de renovación y de cancelación.",
              "Usted fija un precio minorista y puede fijar un precio Pro más bajo para los miembros Pro. Los precios se expresan en dólares estadounidenses y deben ser el precio completo que usted cobra, sin cargos ocultos.",
              "No debe ofrecer el mismo servicio a los compradores de Circle en condiciones peores que las que muestra su anuncio.",
              "Debe mantener sus anuncios actualizados y retirar los servicios que ya no pueda prestar.",
            ),
          ],
        },
        {
          id: "fulfillment",
          heading: "Prestación de los servicios",
          blocks: [
            p("Debe entregar cada pedido tal como se describe en su anuncio, a tiempo y con una pericia y un cuidado razonables. Comuníquese con los compradores a través de Circle siempre que sea posible, responda con prontitud a los mensajes e informe al comprador en cuanto sepa que habrá un retraso. Si ofrece consultas, respete las reservas que acepte y avise con al menos 24 horas de antelación si necesita cambiarlas."),
          ],
        },
        {
          id: "fees-payouts",
          heading: "Comisiones, pagos e impuestos",
          blocks: [
            p("Circle cobra las comisiones del mercado que se muestran en su panel de proveedor en el momento de cada venta. Los pagos se realizan a través de nuestro procesador de pagos (actualmente Stripe) tras la entrega, descontando las comisiones, los reembolsos, los importes de copago aprobados y cualquier otra cantidad que usted adeude a Circle. Debe completar el registro del procesador y facilitar la información fiscal que este solicite."),
            p("Circle no calcula, recauda ni declara impuestos. Usted es el único responsable de determinar, cobrar, declarar y pagar los impuestos sobre las ventas, el uso, la renta o de cualquier otro tipo que graven sus ventas."),
          ],
        },
        {
          id: "respa",
          heading: "Cumplimiento de RESPA",
          blocks: [
            p("La Sección 8 de la Ley de Procedimientos de Liquidación de Bienes Raíces (RESPA, 12 U.S.C. § 2607) y su Reglamento X prohíben dar o aceptar honorarios, comisiones ilícitas (kickbacks) o cualquier otra cosa de valor a cambio de referidos de servicios de liquidación, y prohíben el reparto de honorarios no devengados. Muchos estados tienen normas similares o más estrictas. Usted acepta que:"),
            ul(
              "nunca realizará ni aceptará en Circle ningún pago, copago, descuento, puntos u otro beneficio que dependa de referidos de servicios de liquidación o que tenga por objeto recompensarlos;",
              "todo copago que financie cubrirá únicamente su parte justa y proporcional de un marketing o unos servicios que realmente le beneficien, sin superar el valor justo de mercado;",
              "no exigirá ni presionará a ningún agente para que le refiera clientes, ni vinculará el copago al volumen de negocio que un agente le envíe;",
              "proporcionará todas las divulgaciones exigidas por la ley, incluidas las de acuerdos comerciales entre empresas afiliadas;",
              "conservará los registros que justifiquen sus decisiones de copago durante al menos tres años y cooperará en cualquier revisión de Circle o de un regulador.",
            ),
            p("Los límites de copago de Circle son una salvaguarda, no asesoramiento legal. Usted sigue siendo responsable de su propio cumplimiento y debe consultar a su propio abogado."),
          ],
        },
        {
          id: "co-pay",
          heading: "Ofertas de copago y su financiación",
          blocks: [
            ul(
              "Límites: si usted es un proveedor de servicios de liquidación, como un prestamista, una compañía de títulos o una aseguradora, su copago tiene un límite predeterminado del 20% del precio. Los demás proveedores pueden ofrecer hasta el 70%. Circle puede aplicar un límite inferior a cualquier proveedor, servicio o estado.",
              "Plazo de respuesta: debe aprobar o rechazar cada solicitud de copago en un plazo de 3 días. Una solicitud que no reciba respuesta en 3 días caduca y se considera rechazada.",
              "Obligación de financiación: una vez que aprueba una solicitud, debe financiar el importe aprobado. Circle puede cargarlo a su método de pago registrado o descontarlo de sus pagos. Una aprobación no puede retirarse después de que el comprador haya pagado.",
              "Financiación fallida: si la financiación falla, Circle puede cubrir el importe para el comprador, recuperarlo de usted y suspender sus ofertas de copago o su cuenta.",
              "Reembolsos: si se reembolsa un pedido con copago, su parte del copago se le devuelve en proporción al reembolso.",
              "No puede condicionar el copago a reseñas, exclusividad o referidos, ni subir los precios para inflar su parte del copago.",
            ),
          ],
        },
        {
          id: "reviews",
          heading: "Integridad de las reseñas",
          blocks: [
            p("Las reseñas solo tienen valor si son honestas. En consonancia con la norma de la Comisión Federal de Comercio (FTC) sobre reseñas y testimonios de consumidores, usted no debe:"),
            ul(
              "escribir, comprar ni organizar reseñas falsas, ni reseñar sus propios servicios o los de un competidor;",
              "ofrecer dinero, descuentos, copagos, puntos ni regalos a cambio de una reseña, o de una reseña positiva;",
              "pedir reseñas solo a los clientes satisfechos, ni presionar a un comprador para que modifique o elimine una reseña;",
              "amenazar a los compradores que dejen reseñas negativas ni tomar represalias contra ellos.",
            ),
            p("Puede responder públicamente a cada reseña una vez, de forma objetiva y profesional. Circle retira las reseñas que incumplen nuestras políticas, pero no retirará una reseña auténtica solo porque sea negativa."),
          ],
        },
        {
          id: "buyer-data",
          heading: "Datos de los compradores",
          blocks: [
            p("Solo puede usar la información de los compradores que reciba a través de Circle para ejecutar el pedido y comunicarse sobre él. Debe mantenerla segura, no debe venderla y debe cumplir las leyes aplicables de privacidad, telemarketing y correo no deseado, incluidas la TCPA, las normas del registro Do Not Call y la ley CAN-SPAM. Avísenos en legal@circle.example en un plazo de 72 horas desde que detecte un incidente de seguridad que afecte a datos de compradores de Circle."),
          ],
        },
        {
          id: "disputes",
          heading: "Disputas y reembolsos de compradores",
          blocks: [
            p("Usted acepta participar en la Protección al Comprador de Circle. Debe responder a una disputa en un plazo de 5 días hábiles y aceptar la decisión de Circle. Los reembolsos que Circle conceda en virtud de la Protección al Comprador corren a su cargo y pueden descontarse de sus pagos o cargarse a su método de pago registrado."),
          ],
        },
        {
          id: "content-license",
          heading: "Licencia de contenido y vivienda justa",
          blocks: [
            p("Usted otorga a Circle una licencia no exclusiva y libre de regalías para mostrar su nombre comercial, logotipos, textos de anuncios, imágenes y demás contenido en el Servicio y en el marketing de Circle. Confirma que tiene los derechos sobre ese contenido. Todo su contenido y sus servicios deben cumplir la Ley de Vivienda Justa (Fair Housing Act) y las leyes estatales equivalentes, así como nuestra política de Artículos y Servicios Prohibidos."),
          ],
        },
        {
          id: "indemnity",
          heading: "Indemnización y responsabilidad",
          blocks: [
            p("Usted defenderá, indemnizará y mantendrá indemne a Circle frente a cualquier reclamación, multa, pérdida y costo, incluidos honorarios razonables de abogados, que se deriven de sus servicios, sus anuncios, sus ofertas de copago, cualquier presunta infracción de RESPA o de las leyes de vivienda justa cometida por usted, o del incumplimiento de este Acuerdo. La exención de garantías y la limitación de responsabilidad de nuestros Términos del Servicio se le aplican como proveedor."),
          ],
        },
        {
          id: "termination",
          heading: "Suspensión y terminación",
          blocks: [
            p("Cualquiera de las partes puede terminar este Acuerdo con un preaviso por escrito de 30 días. Circle puede suspender de inmediato anuncios, copagos o pagos si usted incumple este Acuerdo, si caduca una licencia o si sospechamos razonablemente un riesgo legal o de cumplimiento. Debe completar o reembolsar los pedidos abiertos y financiar los copagos que ya haya aprobado. Las obligaciones que por su naturaleza deban mantenerse, como la indemnización, los reembolsos y la conservación de registros, siguen vigentes tras la terminación."),
          ],
        },
        {
          id: "contact",
          heading: "Cambios y contacto",
          blocks: [
            p("Podemos actualizar este Acuerdo con un preaviso de al menos 30 días enviado a la dirección de correo electrónico de su cuenta de proveedor. Las preguntas sobre este Acuerdo o sobre cumplimiento pueden enviarse a legal@circle.example; las preguntas operativas, a support@circle.example."),
          ],
        },
      ],
    },

    "prohibited-items": {
      title: "Artículos y Servicios Prohibidos",
      updated: LEGAL_UPDATED,
      sections: [
        {
          id: "scope",
          heading: "Ámbito de aplicación",
          blocks: [
            p("Esta política enumera los servicios, ofertas, contenidos y conductas que no están permitidos en el mercado de Circle. Se aplica a todos los anuncios, ofertas de copago, reseñas, páginas de embudo, archivos subidos y mensajes, ya procedan de un proveedor o de un agente, y forma parte de nuestros Términos del Servicio y del Acuerdo del Vendedor. Entra en vigor el 22 de noviembre de 2026. Los ejemplos siguientes no son exhaustivos: todo lo que sea ilegal donde se ofrece o se recibe está prohibido, aunque no figure aquí."),
          ],
        },
        {
          id: "respa-kickbacks",
          heading: "Honorarios por referidos y comisiones ilícitas (RESPA)",
          blocks: [
            p("La Sección 8 de la Ley de Procedimientos de Liquidación de Bienes Raíces (RESPA) prohíbe pagar o aceptar cualquier cosa de valor a cambio de referidos de servicios de liquidación. En Circle está prohibido lo siguiente:"),
            ul(
              "copagos, descuentos, puntos, regalos o servicios gratuitos que se den a cambio de referir clientes a un prestamista, una compañía de títulos, una aseguradora u otro proveedor de servicios de liquidación, o que varíen en función de esos referidos;",
              "copagos que superen el límite aplicable (de forma predeterminada, el 20% para los proveedores de servicios de liquidación y el 70% para los demás proveedores), o acuerdos diseñados para eludirlo;",
              "acuerdos de servicios de marketing, programas de prospectos u ofertas de “alquiler de escritorio” que, en el fondo, sean pagos por referidos;",
              "repartir honorarios de liquidación con alguien que no prestó ningún servicio real;",
              "exigir a un agente o consumidor que use un proveedor de servicios de liquidación determinado como condición de una oferta.",
            ),
          ],
        },
        {
          id: "unlicensed",
          heading: "Servicios financieros y profesionales sin licencia",
          blocks: [
            ul(
              "Préstamos hipotecarios, intermediación u originación de préstamos sin las licencias NMLS y estatales exigidas.",
              "Servicios de títulos, depósito en garantía (escrow), liquidación o seguros prestados por proveedores sin licencia.",
              "Servicios de modificación de préstamos, rescate de ejecuciones hipotecarias o reparación de crédito que cobren tarifas por adelantado ilegales.",
              "Tasaciones realizadas por tasadores sin licencia o sin certificación, u ofertas de obtener un valor predeterminado.",
              "Asesoramiento legal prestado por personas que no son abogados, o servicios de corretaje inmobiliario prestados por personas sin licencia.",
              "Valores no registrados, fondos de inversión colectiva o esquemas de inversión inmobiliaria con rentabilidad garantizada.",
            ),
          ],
        },
        {
          id: "restricted",
          heading: "Categorías restringidas",
          blocks: [
            p("Algunas categorías solo se permiten después de que Circle haya verificado las licencias y la información de cumplimiento del proveedor: préstamos e intermediación hipotecaria, títulos y depósito en garantía, seguros, garantías para viviendas, servicios relacionados con el crédito y programas de coaching que prometen resultados financieros. Un anuncio de estas categorías puede pausarse en cualquier momento si caduca una licencia o si no puede completarse la verificación."),
          ],
        },
        {
          id: "fair-housing",
          heading: "Infracciones de vivienda justa",
          blocks: [
            p("La Ley de Vivienda Justa (Fair Housing Act) y las leyes estatales prohíben la discriminación en materia de vivienda por motivos de raza, color, religión, sexo (incluidas la orientación sexual y la identidad de género), discapacidad, situación familiar y origen nacional, y muchos estados protegen otras características, como la fuente de ingresos. Está prohibido lo siguiente:"),
            ul(
              "publicidad, páginas de embudo o plantillas que expresen o den a entender una preferencia, limitación o exclusión basada en una característica protegida;",
              "listas de prospectos, segmentación de anuncios o herramientas de audiencias que seleccionen o excluyan a personas por características protegidas o por criterios que las sustituyan de forma aproximada;",
              "herramientas de direccionamiento (steering) o informes de vecindarios que describan las zonas según la raza, la religión o el origen nacional de sus residentes;",
              "contenido automatizado o generado por IA que produzca resultados discriminatorios.",
            ),
          ],
        },
        {
          id: "deceptive",
          heading: "Marketing engañoso y reseñas falsas",
          blocks: [
            ul(
              "Afirmaciones falsas o sin fundamento, como cierres, ingresos o prospectos garantizados que el proveedor no puede demostrar.",
              "Precios señuelo, cargos ocultos o suscripciones difíciles de cancelar.",
              "Reseñas falsas, compradas, incentivadas o solicitadas de forma selectiva, y testimonios que tergiversen experiencias reales.",
              "Hacerse pasar por otro agente, corredora, MLS, organismo público o por Circle, o afirmar que Circle aprueba, recomienda o respalda un anuncio.",
              "Usar datos, fotos o anuncios del MLS sin autorización.",
            ),
          ],
        },
        {
          id: "data-privacy",
          heading: "Datos, privacidad y comunicaciones",
          blocks: [
            ul(
              "Vender o usar datos personales obtenidos mediante extracción automatizada, robados o recopilados sin el aviso y el consentimiento que exige la ley.",
              "Servicios de llamadas automáticas, envío automático de mensajes de texto o marcación que no cumplan la TCPA, las normas Do Not Call o las leyes estatales de telemarketing.",
              "Herramientas o listas de correo masivo que no cumplan la ley CAN-SPAM.",
              "Herramientas diseñadas para eludir la seguridad, compartir credenciales de acceso o acceder a cuentas sin permiso.",
            ),
          ],
        },
        {
          id: "illegal-harmful",
          heading: "Artículos ilegales, infractores o dañinos",
          blocks: [
            ul(
              "Bienes o servicios que sean ilegales donde se ofrecen o se prestan.",
              "Software pirata, productos falsificados, fotos, música o fuentes tipográficas sin licencia y otros contenidos que infrinjan derechos de propiedad intelectual.",
              "Malware, software espía y herramientas de rastreo ocultas.",
              "Esquemas piramidales, programas de reclutamiento en cadena y ofertas para hacerse rico rápidamente.",
              "Contenido para adultos, armas, drogas, juegos de azar y todo lo que no esté relacionado con servicios para negocios inmobiliarios.",
            ),
          ],
        },
        {
          id: "platform-abuse",
          heading: "Abuso del mercado",
          blocks: [
            ul(
              "Inflar los precios para que el copago o los descuentos Pro parezcan mayores de lo que son.",
              "Crear varias cuentas, o intercambiar, vender o acumular puntos de forma artificial.",
              "Comprar sus propios servicios, o confabularse con otro usuario, para obtener puntos, posiciones en la clasificación o reseñas.",
              "Pedir a los compradores que paguen fuera de Circle un pedido realizado a través de Circle, lo que los deja sin Protección al Comprador.",
              "Abusar de las disputas, los contracargos o la Protección al Comprador.",
            ),
          ],
        },
        {
          id: "enforcement",
          heading: "Aplicación",
          blocks: [
            p("Si detectamos una infracción, podemos retirar contenidos o anuncios, cancelar pedidos, retener o revertir pagos, copagos y puntos, suspender o cerrar cuentas y denunciar la conducta ante los reguladores o las autoridades. Decidimos en función de la gravedad de la infracción y del historial del usuario. Las infracciones graves, como las comisiones ilícitas, el fraude o la discriminación, pueden dar lugar al cierre inmediato sin aviso previo. Puede apelar una decisión en un plazo de 30 días escribiendo a legal@circle.example."),
          ],
        },
        {
          id: "reporting",
          heading: "Cómo denunciar un problema",
          blocks: [
            p("Si ve algo que incumple esta política, use la opción de denuncia del anuncio o de la reseña, o escriba a legal@circle.example. Para problemas urgentes con una cuenta o un pedido, contacte con support@circle.example; nuestro equipo está disponible de 8:00 a 18:00 (hora del Pacífico) y responde en un plazo de 24 horas. No toleramos represalias contra nadie que denuncie un problema de buena fe."),
          ],
        },
      ],
    },
    ...policiesEs,
  },
};

export default es;
