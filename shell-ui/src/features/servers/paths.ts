/** The provider's technical service screens: the servers and the live connections. */
export const SERVER_LIST_PATH = '/servicio/tecnico/servers';
export const serverViewPath = (id: number) => `/servicio/tecnico/view/${id}`;
