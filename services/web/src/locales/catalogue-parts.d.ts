// One part of a catalogue (vite-locale-parts.ts): a subset of the English catalogue's messages.
declare module '*.json?part=account' {
  const messages: Partial<import('@/lib/i18n').Messages>;
  export default messages;
}
declare module '*.json?part=console' {
  const messages: Partial<import('@/lib/i18n').Messages>;
  export default messages;
}
