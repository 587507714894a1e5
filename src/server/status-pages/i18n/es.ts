import type { StatusPageMessages } from './messages.ts';

const minutes = (count: number, text: string) => `${text} ${count === 1 ? 'minuto' : 'minutos'}`;

export const es: StatusPageMessages = {
  documentTitle: (page) => `Estado de ${page}`,
  feedTitle: (page) => `Incidentes de ${page}`,
  logoAlt: (page) => `Logotipo de ${page}`,
  states: {
    operational: 'Todos los sistemas operativos',
    under_maintenance: 'En mantenimiento',
    degraded: 'Rendimiento degradado',
    partial_outage: 'Interrupción parcial',
    major_outage: 'Interrupción grave',
  },
  sectionStates: {
    operational: 'Operativo',
    under_maintenance: 'En mantenimiento',
    degraded: 'Rendimiento degradado',
    partial_outage: 'Interrupción parcial',
    major_outage: 'Interrupción grave',
  },
  updatedAt: (time) => `Actualizado: ${time}`,
  activeIncidents: 'Incidentes activos',
  maintenance: 'Mantenimiento programado',
  monitors: 'Servicios',
  pastIncidents: 'Incidentes anteriores',
  noPastIncidents: 'Ningún incidente en los últimos 14 días.',
  poweredBy: 'Con la tecnología de',
  atomFeed: 'Feed Atom',
  subscribe: {
    heading: 'Recibir actualizaciones',
    intro:
      'Reciba un correo cuando un incidente empiece, se actualice o se resuelva, y cuando se programe o empiece un mantenimiento.',
    emailLabel: 'Correo electrónico',
    button: 'Suscribirse',
    webhookSummary: 'O usar un webhook',
    webhookLabel: 'URL del webhook (recibe un POST JSON firmado por evento)',
    monitorsLink: '¿Solo algunos monitores? Elíjalos aquí.',
  },

  barsLegend:
    'Cada barra es un día (UTC), desde hace 90 días hasta hoy, con su disponibilidad y, si los hubo, los minutos caídos y los incidentes. Una fecha sola significa 100 % de disponibilidad: sin caídas ni incidentes.',
  dayLabel: (date, details) => `${date}: ${details}`,
  noData: 'sin datos',
  minutesDown: (count, text) => `${minutes(count, text)} ${count === 1 ? 'caído' : 'caídos'}`,
  incidentCount: (count, text) => `${text} ${count === 1 ? 'incidente' : 'incidentes'}`,
  maintenanceLeftOut: (count, text) => `${minutes(count, text)} de mantenimiento sin contar`,
  dailyUptimeOf: (monitor) => `Disponibilidad diaria de ${monitor}, últimos 90 días`,
  ninetyDaysAgo: 'Hace 90 días',
  today: 'Hoy',
  uptime: (percent) => `${percent} de disponibilidad`,
  uptimeNoData: 'Sin datos',
  responseTimes: (average, highest) =>
    `Tiempo de respuesta, últimas 24 horas: media ${average} ms, máximo ${highest} ms`,
  monitorStatus: {
    up: 'Operativo',
    degraded: 'Rendimiento degradado',
    down: 'Caído',
    paused: 'En pausa',
    pending: 'Aún sin datos',
  },
  underMaintenance: 'En mantenimiento',

  maintenanceStates: { upcoming: 'Programado', in_progress: 'En curso', completed: 'Completado' },
  affects: (monitors) => `Afecta a ${monitors}`,
  incidentStatus: {
    investigating: 'Investigando',
    identified: 'Identificado',
    monitoring: 'En observación',
    resolved: 'Resuelto',
  },
  started: (time) => `Inicio: ${time}`,
  startedResolved: (started, resolved) => `Inicio: ${started} · resuelto: ${resolved}`,

  notAvailableTitle: 'Página no disponible',
  notAvailable: 'Página no disponible: esta página de estado no está disponible o puede haberse trasladado.',

  headerLinks: 'Enlaces',
  viewStatusPage: 'Ver la página de estado',
  widgetTitle: (page, state) => `${page}: ${state}`,

  passwordIntro: 'Esta página de estado está protegida. Introduce su contraseña para verla.',
  passwordLabel: 'Contraseña',
  wrongPassword: 'La contraseña no es correcta. Inténtalo de nuevo.',
  tooManyAttempts: 'Demasiados intentos desde tu dirección. Espera unos minutos y vuelve a intentarlo.',
  membersIntro: 'Esta página de estado es solo para los miembros de su espacio de trabajo.',
  signIn: 'Iniciar sesión en Upwatch',
  notAMember: 'Tu cuenta no es miembro del espacio de trabajo al que pertenece esta página de estado.',
  twoFactorRequired:
    'Su espacio de trabajo exige el inicio de sesión en dos pasos: actívalo en Upwatch para ver esta página.',

  feedResolved: (incident) => `Resuelto: ${incident}`,
  feedUpdate: (incident, status) => `${incident}: ${status}`,
  feedStarted: (time) => `Inicio: ${time}.`,
  feedStartedResolved: (started, resolved) => `Inicio: ${started}, resuelto: ${resolved}.`,

  badgeStatus: 'estado',
  badgeUptime: (period) => `disponibilidad ${period}`,
  badgeNoData: 'sin datos',
  badgeStates: {
    up: 'operativo',
    degraded: 'degradado',
    down: 'caído',
    paused: 'en pausa',
    pending: 'pendiente',
  },
};
