// What other features may use from the checkout: the shipping address manager and the address book.
export { ShippingStep } from './components/ShippingStep';
export { useAddressBook, type SavedAddress } from './api';
