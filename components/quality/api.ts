/**
 * The quality calls (blade/modules/quality/README.md) as the portal makes them: paths through the proxy (`/api` +
 * the blade path), every call through the one fetcher, so a refusal is toasted with the server's message and thrown.
 */
import { bladeRequest } from '@/lib/client/fetcher';
import type { ComplaintStep } from '@/lib/contracts/quality/machine';
import type {
  ComplaintDetail,
  ComplaintSaveInput,
  ComplaintVO,
  HandlerCandidate,
  SurveySaveInput,
  SurveyVO,
} from '@/lib/contracts/quality/quality';

const API = '/api/blade-customer';

export const QUALITY_PATHS = {
  complaints: `${API}/complaint/selectComplaintList`,
  complaintDetail: `${API}/complaint/detail`,
  complaintSave: `${API}/complaint/save`,
  complaintRemove: `${API}/complaint/remove`,
  complaintTransit: `${API}/complaint/transit`,
  handlers: `${API}/complaint/selectHandlerList`,
  surveys: `${API}/satisfactionSurvey/selectSatisfactionSurveyList`,
  surveySave: `${API}/satisfactionSurvey/save`,
  surveyItems: `${API}/surveyItems/selectSurveyItemsList`,
  /** The company's applications and certificates, to name what a complaint is about. */
  myApplications: `${API}/paymentNote/selectApplicationPage`,
  myCertificates: `${API}/certificate/page`,
} as const;

export async function saveComplaint(input: ComplaintSaveInput): Promise<ComplaintVO> {
  return (
    await bladeRequest<ComplaintVO>(QUALITY_PATHS.complaintSave, { method: 'POST', body: { ...input } })
  ).data;
}

export async function removeComplaints(ids: string[]): Promise<void> {
  await bladeRequest(QUALITY_PATHS.complaintRemove, { method: 'POST', params: { ids: ids.join(',') } });
}

export interface ComplaintStepInput {
  id: string;
  action: ComplaintStep;
  handlerId?: string;
  text?: string;
}

export async function complaintStep(input: ComplaintStepInput): Promise<ComplaintDetail> {
  return (
    await bladeRequest<ComplaintDetail>(QUALITY_PATHS.complaintTransit, {
      method: 'POST',
      body: { ...input },
    })
  ).data;
}

export async function complaintHandlers(id: string): Promise<HandlerCandidate[]> {
  return (await bladeRequest<HandlerCandidate[]>(QUALITY_PATHS.handlers, { params: { id } })).data;
}

export async function answerSurvey(input: SurveySaveInput): Promise<SurveyVO> {
  return (await bladeRequest<SurveyVO>(QUALITY_PATHS.surveySave, { method: 'POST', body: { ...input } }))
    .data;
}
