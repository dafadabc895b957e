/** "Acerca de Volante": the version and the modules (any signed-in user). */
export const ABOUT_VERSION_PATH = '/about/version';
