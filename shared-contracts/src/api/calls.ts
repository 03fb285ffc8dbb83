import { call } from './call.ts';
import * as content from './content.ts';
import * as draws from './draws.ts';
import * as site from './site.ts';

export type { ApiCall, CallAccess, CallAuth } from './call.ts';

/**
 * The public calls of the spec's call table (content, site pages, draws): what the
 * customer site's first screen may need, in the shared module every page loads. The customer's
 * own calls (account, sign-in, prize claims) are `accountCalls` in `@cgg/contracts/account`,
 * the complaint form's `complaintCalls` in `@cgg/contracts/complaints`, the Store API's
 * `storeEndpoints` in `@cgg/contracts/store`: separate entries, loaded only by
 * the front ends that call them, so the home page does not download their schemas.
 */
export const calls = {
  getSEOSettings: call({ access: 'anyone', route: '/api/v1/getSEOSettings', method: 'POST', auth: 'site', request: content.seoSettingsRequestSchema, response: content.seoSettingsResponseSchema }),
  getsettings: call({ access: 'anyone', route: '/api/v1/getsettings', method: 'GET', auth: 'site', request: null, response: content.settingsResponseSchema }),
  winnersSummary: call({ access: 'anyone', route: '/api/v1/get_realtime_winners_prize_value', method: 'GET', auth: 'site', request: null, response: content.winnersSummaryResponseSchema }),
  howItWorks: call({ access: 'anyone', route: '/api/v1/gethowitworkssettings', method: 'GET', auth: 'site', request: null, response: content.howItWorksResponseSchema }),
  competition: call({ access: 'anyone', route: '/api/v1/competition', method: 'POST', auth: 'body-token', request: content.competitionListRequestSchema, response: content.competitionListResponseSchema }),
  featuredCompetition: call({ access: 'anyone', route: '/api/v1/featured_competition', method: 'POST', auth: 'body-token', request: content.tokenOnlyRequestSchema, response: content.featuredResponseSchema }),
  drawnNextCompetition: call({ access: 'anyone', route: '/api/v1/drawn_next_competition', method: 'POST', auth: 'body-token', request: content.tokenOnlyRequestSchema, response: content.competitionArrayResponseSchema }),
  finishedSoldoutCompetition: call({ access: 'anyone', route: '/api/v1/finished_soldout_competition', method: 'POST', auth: 'body-token', request: content.tokenOnlyRequestSchema, response: content.competitionArrayResponseSchema }),
  getcompetition: call({ access: 'anyone', route: '/api/v1/getcompetition', method: 'POST', auth: 'body-token', request: content.getCompetitionRequestSchema, response: content.getCompetitionResponseSchema }),
  getOtherComps: call({ access: 'anyone', route: '/api/v1/getOtherComps', method: 'POST', auth: 'body-token', request: content.otherCompsRequestSchema, response: content.competitionArrayResponseSchema }),
  getFaqs: call({ access: 'anyone', route: '/api/v1/get_faqs', method: 'GET', auth: 'site', request: null, response: site.faqsResponseSchema }),
  getLegalTerms: call({ access: 'anyone', route: '/api/v1/get_legal_terms', method: 'GET', auth: 'site', request: null, response: site.legalTermsResponseSchema }),
  getFreePostalRoute: call({ access: 'anyone', route: '/api/v1/get_free_postal_route', method: 'GET', auth: 'site', request: null, response: site.postalRouteResponseSchema }),
  contactUs: call({ access: 'anyone', route: '/api/v1/contact_us', method: 'POST', auth: 'site', request: site.contactRequestSchema, response: site.contactResponseSchema }),
  chatMessages: call({ access: 'anyone', route: '/api/v1/chat_messages', method: 'GET', auth: 'site', request: site.chatListRequestSchema, response: site.chatListResponseSchema }),
  chatPost: call({ access: 'customer', route: '/api/v1/chat_post', method: 'POST', auth: 'body-token', request: site.chatPostRequestSchema, response: site.chatPostResponseSchema }),
  drawResults: call({ access: 'anyone', route: '/api/v1/draw_results', method: 'POST', auth: 'site', request: draws.drawResultsRequestSchema, response: draws.drawResultsResponseSchema }),
  drawProof: call({ access: 'anyone', route: '/api/v1/draw_proof', method: 'POST', auth: 'site', request: draws.drawProofRequestSchema, response: draws.drawProofResponseSchema }),
  winnersList: call({ access: 'anyone', route: '/api/v1/winners_list', method: 'POST', auth: 'site', request: draws.winnersListRequestSchema, response: draws.winnersListResponseSchema }),
} as const;

/** Not a JSON call: an EventSource stream of chat messages (see api/site.ts). */
export const CHAT_STREAM_ROUTE = '/api/v1/chat_stream';

export type Calls = typeof calls;
export type CallName = keyof Calls;
