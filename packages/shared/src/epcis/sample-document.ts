/**
 * The EPCIS 2.0 document the console's key dialog shows (decision 082): one commissioning event of
 * two serials at a place, as a client would send it to `POST /epcis/capture`. It is captured as
 * pasted (the API's tests capture it); without eventIDs, sending it again stores nothing twice.
 */
export const EPCIS_SAMPLE_CAPTURE_DOCUMENT = {
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-01-15T09:00:00.000Z',
  epcisBody: {
    eventList: [
      {
        type: 'ObjectEvent',
        eventTime: '2026-01-15T08:55:00.000+01:00',
        eventTimeZoneOffset: '+01:00',
        epcList: ['https://id.gs1.org/01/09506000134352/21/1001', 'https://id.gs1.org/01/09506000134352/21/1002'],
        action: 'ADD',
        bizStep: 'commissioning',
        disposition: 'active',
        readPoint: { id: 'https://id.gs1.org/414/9506000134369' },
        bizLocation: { id: 'https://id.gs1.org/414/9506000134369' },
      },
    ],
  },
} as const;

/** The sample as the dialog shows it and a client pastes it. */
export const epcisSampleCaptureText = (): string => JSON.stringify(EPCIS_SAMPLE_CAPTURE_DOCUMENT, null, 2);
