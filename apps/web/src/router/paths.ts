/** The administration home inside the shell (see docs/decisions/0102-web-admin-shell.md). */
export const ADMIN_HOME_PATH = "/admin/home";
export const LOGIN_ROUTE = "/login";
