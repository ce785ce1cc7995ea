import type { LegalDocument } from '../types';
import { LEGAL_UPDATED, p, ul } from './helpers';

/** Política de reembolsos y Resolución de disputas (issue 32 item 9), español. */
export const policiesEs: { 'refund-policy': LegalDocument; 'dispute-resolution': LegalDocument } = {
  'refund-policy': {
    title: 'Política de reembolsos',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'scope',
        heading: 'Qué cubre esta política',
        blocks: [
          p('Esta Política de reembolsos explica cuándo y cómo Circle Marketplace, Inc. (“Circle”) devuelve dinero por compras realizadas mediante el pago de Circle: servicios del mercado comprados a proveedores, paquetes de consultoría y cuotas de la membresía Circle Pro. Forma parte de nuestros Términos de servicio y funciona junto con la Protección al comprador y la política de Resolución de disputas.'),
          p('Se aplica a los pedidos pagados con tarjeta a través de Circle, incluidos los pedidos pagados en parte con puntos o cubiertos en parte por el copago de un proveedor. No se aplica a los pagos que usted haga directamente a un proveedor fuera de Circle; esos se rigen por su acuerdo con ese proveedor.'),
        ],
      },
      {
        id: 'eligible',
        heading: 'Cuándo puede obtener un reembolso',
        blocks: [
          p('Puede pedir el reembolso de un pedido del mercado cuando:'),
          ul(
            'el proveedor no comenzó o no entregó el servicio que usted pagó dentro del plazo prometido en el anuncio, o dentro de los 30 días siguientes al pago cuando el anuncio no indica plazo;',
            'lo entregado es sustancialmente distinto de la descripción, el paquete o el nivel del anuncio;',
            'se le cobró dos veces, se le cobró un importe incorrecto o se le cobró algo que no pidió;',
            'el proveedor canceló el pedido o ya no puede prestar el servicio en su estado;',
            'el pago se hizo sin su autorización.',
          ),
          p('Un cambio de opinión después de que el proveedor haya empezado a trabajar, la insatisfacción con resultados que el anuncio no prometía (por ejemplo, un número de clientes potenciales o de cierres) o un retraso causado por no dar al proveedor lo que pidió no son, por sí solos, motivo de reembolso. Los proveedores pueden ofrecer condiciones más generosas en su anuncio; cuando lo hacen, esas condiciones también se aplican.'),
        ],
      },
      {
        id: 'how-to-ask',
        heading: 'Cómo pedir un reembolso',
        blocks: [
          p('Primero contacte al proveedor desde su pedido o la página del proveedor: la mayoría de los problemas se resuelven así en pocos días. Si no llegan a un acuerdo, abra una disputa desde la página de Resolución de disputas dentro de los 30 días siguientes al pago, eligiendo el pedido y el motivo y describiendo lo ocurrido. También puede escribir a support@circle.example. Nuestro equipo de soporte atiende de 8 AM a 6 PM hora del Pacífico y responde los correos en 24 horas.'),
          p('Incluya el número de pedido, lo que esperaba, lo que recibió y las pruebas que tenga, como mensajes, archivos entregados o capturas de pantalla. Puede enviar enlaces a archivos guardados en otro lugar.'),
          p('Confirmamos que recibimos su solicitud, pedimos al proveedor su versión de los hechos y le comunicamos nuestra decisión. Puede seguir el estado de su solicitud, abierta, pendiente o resuelta, en la página de Contacto y en la de Resolución de disputas mientras tenga la sesión iniciada.'),
        ],
      },
      {
        id: 'timing',
        heading: 'Cómo y cuándo se pagan los reembolsos',
        blocks: [
          ul(
            'Un reembolso aprobado se emite a la tarjeta usada en el pedido. Normalmente llega a su cuenta en 3-5 días hábiles; su banco puede tardar más en mostrarlo.',
            'Los puntos que usó en el pedido se devuelven a su monedero de puntos al mismo tiempo, mediante un nuevo movimiento en su historial. Los puntos vencidos se devuelven con una nueva validez de 30 días.',
            'Cuando el copago de un proveedor cubrió parte del precio, la parte del proveedor se le devuelve al proveedor; usted recibe la parte que pagó.',
            'Se puede ofrecer un reembolso parcial cuando parte del servicio se entregó según lo descrito. Le indicamos el importe y el motivo antes de emitirlo.',
            'Los precios se cobran en la moneda mostrada al pagar; los reembolsos se hacen en la misma moneda e importe, por lo que las diferencias de cambio que cobre su banco quedan fuera de nuestro control.',
          ),
        ],
      },
      {
        id: 'membership',
        heading: 'Membresía Circle Pro',
        blocks: [
          p('Puede cancelar Circle Pro en cualquier momento desde Facturación; la cancelación surte efecto al final del periodo en curso y conserva los beneficios Pro hasta entonces. Las cuotas ya pagadas del periodo en curso no se reembolsan por periodos parciales, salvo cuando la ley lo exija, cuando le cobramos por error o cuando se cobró una segunda membresía mientras otra estaba activa, que cancelamos y reembolsamos automáticamente.'),
          p('La Garantía de ahorro Pro no es un reembolso: cuando se aplica, la diferencia se acredita en puntos al terminar su año de membresía, como se describe en la página de Precios.'),
        ],
      },
      {
        id: 'late-and-failed',
        heading: 'Pagos de pedidos cancelados o vencidos',
        blocks: [
          p('Si nos llega un pago de un pedido que ya estaba cancelado o vencido, por ejemplo porque una página de pago quedó abierta, lo reembolsamos íntegramente de forma automática, sin que tenga que pedirlo. Verá el pedido marcado como reembolsado en su lista de pedidos.'),
        ],
      },
      {
        id: 'abuse',
        heading: 'Uso indebido de los reembolsos',
        blocks: [
          p('Podemos rechazar un reembolso o suspender una cuenta cuando se piden reembolsos repetidamente por servicios entregados según lo descrito, cuando se alteran pruebas o cuando se presenta un contracargo por un pedido ya reembolsado. Presentar un contracargo ante su banco mientras hay una disputa abierta con nosotros puede retrasar ambos trámites.'),
        ],
      },
      {
        id: 'contact',
        heading: 'Preguntas',
        blocks: [
          p('Si tiene una pregunta sobre esta política o sobre un reembolso que espera, escriba a support@circle.example o use el formulario de contacto. Podemos actualizar esta política; la fecha de arriba indica la última versión, y los cambios se aplican a los pedidos realizados después de esa fecha.'),
        ],
      },
    ],
  },
  'dispute-resolution': {
    title: 'Resolución de disputas',
    updated: LEGAL_UPDATED,
    sections: [
      {
        id: 'purpose',
        heading: 'Objetivo de esta política',
        blocks: [
          p('Circle es un mercado: proveedores independientes prestan los servicios que compran los agentes. Cuando algo sale mal con un pedido, esta política explica cómo plantearlo a Circle, cómo lo revisamos y qué resultados son posibles. Forma parte de nuestros Términos de servicio y funciona junto con la Política de reembolsos y la Protección al comprador.'),
          p('El proceso es gratuito para los compradores. No sustituye ningún derecho que usted tenga por ley ni le impide contactar a su banco.'),
        ],
      },
      {
        id: 'who-and-when',
        heading: 'Quién puede abrir una disputa y cuándo',
        blocks: [
          ul(
            'Solo puede abrir una disputa sobre sus propios pedidos, con la sesión iniciada en la cuenta que los hizo.',
            'El pedido debe haberse pagado mediante el pago de Circle.',
            'Las disputas deben abrirse dentro de los 30 días siguientes al pago. Pasados 30 días el formulario ya no acepta el pedido; escriba a support@circle.example si una situación excepcional le impidió actuar a tiempo.',
            'Puede haber una disputa en curso por pedido. Cuando se resuelve, puede abrir otra si aparece un nuevo problema dentro de los 30 días.',
          ),
        ],
      },
      {
        id: 'before',
        heading: 'Antes de abrir una disputa',
        blocks: [
          p('La mayoría de los problemas los resuelve antes el proveedor. Contacte primero al proveedor desde su pedido o la página del proveedor, explique el problema y dele una oportunidad razonable de corregirlo, normalmente 3 días hábiles. Conserve los mensajes que intercambien: son pruebas útiles si después abre una disputa.'),
          p('Si el proveedor no responde, se niega a ayudar, o el problema es un error de facturación o un cargo que usted no autorizó, no necesita esperar: abra una disputa de inmediato. Los errores de facturación y los cargos no autorizados se revisan primero, porque pueden requerir que actuemos con nuestro proveedor de pagos.'),
        ],
      },
      {
        id: 'how',
        heading: 'Cómo abrir una disputa',
        blocks: [
          p('Use el formulario al final de esta página. Elija el pedido, elija el motivo que mejor se ajuste y describa qué pasó, qué esperaba y qué resultado desea. Los motivos son: servicio no entregado, no es lo descrito, mala calidad, error de facturación, cargo no autorizado y otro.'),
          p('Puede añadir pruebas como texto o enlaces, por ejemplo un enlace a los archivos entregados, a una carpeta compartida o a capturas de sus mensajes. No incluya contraseñas, números de tarjeta completos ni datos personales de otras personas. Su disputa se envía de inmediato a nuestro equipo de soporte y usted recibe una referencia que puede seguir en esta página y en la de Contacto.'),
        ],
      },
      {
        id: 'review',
        heading: 'Cómo revisamos una disputa',
        blocks: [
          ul(
            'Abierta: hemos recibido su disputa y le contactaremos a usted y al proveedor, normalmente en 1 día hábil.',
            'Pendiente: esperamos información suya o del proveedor. Le decimos qué necesitamos; si no sabemos nada en 10 días hábiles, podemos decidir con la información disponible.',
            'Resuelta: hemos tomado una decisión y la hemos comunicado a ambas partes, con nuestros motivos.',
          ),
          p('Revisamos el anuncio tal como era cuando hizo el pedido, el paquete o nivel que pagó, los mensajes del pedido, lo entregado y las pruebas de ambas partes. Nuestro objetivo es decidir en 10 días hábiles desde que recibimos todo lo necesario.'),
          p('Nuestro equipo es neutral: no ganamos más con un resultado que con otro, y la ubicación patrocinada o la relación de copago de un proveedor con usted nunca influyen en una decisión. Podemos pedir la opinión de un experto independiente sobre trabajos técnicos como sitios web o video, sin costo para usted.'),
        ],
      },
      {
        id: 'outcomes',
        heading: 'Resultados posibles',
        blocks: [
          ul(
            'Un reembolso total, cuando el servicio no se entregó o era sustancialmente distinto del anuncio.',
            'Un reembolso parcial, cuando parte del servicio se entregó según lo descrito.',
            'Una nueva entrega o corrección por parte del proveedor en un plazo acordado, con reembolso si no ocurre.',
            'Sin reembolso, cuando el servicio se entregó según lo descrito.',
          ),
          p('Los reembolsos siguen la Política de reembolsos: llegan a su tarjeta en 3-5 días hábiles y los puntos usados se devuelven a su monedero. Un proveedor que incumple repetidamente puede ser suspendido del mercado.'),
        ],
      },
      {
        id: 'vendors',
        heading: 'Qué esperamos de los proveedores',
        blocks: [
          p('Los proveedores se comprometen en el Acuerdo del vendedor a responder las disputas en 3 días hábiles, a aportar las pruebas que pidamos y a aceptar nuestra decisión sobre los reembolsos pagados a través de Circle. Un proveedor puede añadir su versión de los hechos y sus pruebas; le compartimos las partes relevantes.'),
          p('Esperamos que ambas partes actúen con honestidad y cortesía. Las amenazas, los mensajes ofensivos o las pruebas alteradas cierran la revisión a favor de la otra parte y pueden llevar a la suspensión de la cuenta que los envió.'),
        ],
      },
      {
        id: 'escalation',
        heading: 'Si no está de acuerdo con el resultado',
        blocks: [
          p('Puede pedir una segunda revisión dentro de los 14 días siguientes a nuestra decisión respondiendo a ella o escribiendo a support@circle.example con cualquier información nueva. La segunda revisión la hace otro miembro de nuestro equipo. Nada en esta política limita su derecho a presentar una reclamación según los Términos de servicio o la ley aplicable.'),
        ],
      },
    ],
  },
};
