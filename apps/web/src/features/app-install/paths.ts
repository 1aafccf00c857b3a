/** The install page a phone opens from the QR code on a computer. */
export const GET_THE_APP_PATH = '/account/get-the-app';
