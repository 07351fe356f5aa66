// The paths of the archive calls, apart from their schemas (paper-archive.ts re-exports them): a screen that only
// counts a list (the work dashboard) must not load zod with them.

const BASE = '/blade-cqst';

export const PAPER_ARCHIVE_CALLS = {
  count: { method: 'GET', path: `${BASE}/paperArchives/getCount` },
  page: { method: 'GET', path: `${BASE}/paperArchives/page` },
  byApplication: { method: 'GET', path: `${BASE}/paperArchives/getOneByApplicationId` },
  submit: { method: 'POST', path: `${BASE}/paperArchives/submit` },
  paperPage: { method: 'GET', path: `${BASE}/paperArchivesBorrowing/page` },
  paperSave: { method: 'POST', path: `${BASE}/paperArchivesBorrowing/save` },
  paperApprove: { method: 'POST', path: `${BASE}/paperArchivesBorrowing/approve` },
  manageBorrow: { method: 'POST', path: `${BASE}/paperArchivesBorrowing/manageBorrow` },
  manageReturn: { method: 'POST', path: `${BASE}/paperArchivesBorrowing/manageReturn` },
  ePage: { method: 'GET', path: `${BASE}/eArchivesBorrowing/page` },
  eSave: { method: 'POST', path: `${BASE}/eArchivesBorrowing/save` },
  eApprove: { method: 'POST', path: `${BASE}/eArchivesBorrowing/approve` },
  /** Not in the catalogue: the view an electronic loan grants (README: design). */
  eView: { method: 'POST', path: `${BASE}/eArchivesBorrowing/view` },
  startSignature: { method: 'POST', path: `${BASE}/signaturePrinting/startSignatureDocument` },
  /** Not in the catalogue: the files of a paper archive's application, to choose one to print (`archiveId`). */
  printFiles: { method: 'GET', path: `${BASE}/signaturePrinting/files` },
  /** Not in the catalogue: the stamped copy a print made, inline (`id` the print, `authKey` from its answer). */
  printOpen: { method: 'GET', path: `${BASE}/signaturePrinting/open` },
  /** Not in the catalogue: a short-lived key to open one file of a running electronic loan (`id`, `fileId`). */
  eFileKey: { method: 'POST', path: `${BASE}/eArchivesBorrowing/fileKey` },
  /** Not in the catalogue: one file of a running electronic loan, streamed to its borrower (`id, fileId, authKey`). */
  eOpenFile: { method: 'GET', path: `${BASE}/eArchivesBorrowing/openFile` },
} as const;
