import { describe, expect, it } from 'vitest';
import { checkDownloadReport } from '../src/api/gen/check/check';
import { BEARER, createPact, useMockServer } from './pact';
import { PACT_REPORT_ID, STATES } from './states';

describe('check contract', () => {
  it('downloads a finished report as a PDF with a GET', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.reportReady)
      .uponReceiving('a download of a finished check report as PDF')
      .withRequest('GET', '/api/base/check_api/download_report', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_REPORT_ID, format: 'pdf' }),
      )
      .willRespondWith(200, (res) => res.binaryFile('application/pdf', 'contracts/fixtures/report.pdf'))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const file = (await checkDownloadReport({ id: PACT_REPORT_ID, format: 'pdf' })) as unknown as Blob;
        expect(file.type).toBe('application/pdf');
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      });
  });
});
