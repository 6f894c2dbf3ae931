/** The header's menu button, which the side menu hands focus back to when it closes. */
export const MENU_BUTTON_ID = 'studio-menu-button';
