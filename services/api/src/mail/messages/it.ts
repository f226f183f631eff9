import { lines, type MailMessages } from '../types.js';

export const it: MailMessages = {
  signUpAttempt: ({ signInLink, resetLink }) => ({
    subject: 'Qualcuno ha provato a registrarsi con il tuo indirizzo e-mail',
    text: lines(
      'Ciao,',
      '',
      'qualcuno ha provato a registrare una nuova azienda nella Product Console con questo indirizzo e-mail.',
      "L'indirizzo ha già un account, quindi non è stato creato né modificato nulla.",
      '',
      'Se sei stato tu, accedi con il tuo account:',
      '',
      signInLink,
      '',
      'Hai dimenticato la password? Scegline una nuova qui:',
      '',
      resetLink,
      '',
      'Se non sei stato tu, puoi ignorare questo messaggio.',
    ),
  }),
  passwordReset: ({ firstName, link, code, minutes }) => ({
    subject: 'Reimposta la password',
    text: lines(
      `Ciao ${firstName},`,
      '',
      'qualcuno ha chiesto di reimpostare la password del tuo account della Product Console.',
      'Apri questo link per scegliere una nuova password:',
      '',
      link,
      '',
      `Oppure inserisci questo codice di verifica: ${code}`,
      '',
      `Il link e il codice si possono usare una sola volta e scadono tra ${minutes} minuti.`,
      'Se non lo hai chiesto tu, ignora questo messaggio: la tua password resta invariata.',
    ),
  }),
  invitation: ({ firstName, companyName, link, days }) => ({
    subject: `Sei stato invitato in ${companyName ?? 'Product Console'}`,
    text: lines(
      `Ciao ${firstName},`,
      '',
      `sei stato invitato a gestire i prodotti di ${companyName ?? "un'azienda"} nella Product Console.`,
      'Apri questo link per impostare la password e unirti:',
      '',
      link,
      '',
      `Il link si può usare una sola volta e scade tra ${days} ${days === 1 ? 'giorno' : 'giorni'}.`,
    ),
  }),
  reportAnswer: ({ companyName, productName, reportedOn, message }) => ({
    subject: `${companyName}: la tua segnalazione su ${productName}`,
    text: lines(
      'Buongiorno,',
      '',
      `${companyName} risponde alla segnalazione su ${productName} che hai inviato il ${reportedOn}:`,
      '',
      message,
      '',
      'Ricevi questo messaggio perché hai chiesto una risposta quando hai inviato la segnalazione.',
    ),
  }),
};
