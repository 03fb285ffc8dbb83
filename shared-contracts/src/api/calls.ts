import type { z } from 'zod/mini';
import * as account from './account.ts';
import * as auth from './auth.ts';
import * as claims from './claims.ts';
import * as complaints from './complaints.ts';
import * as content from './content.ts';
import * as draws from './draws.ts';
import * as site from './site.ts';

/**
 * How a call authenticates (spec section 6): settings-type calls carry the fixed
 * built-in site credential; competition and account calls carry the token that
 * travels in their own body (the site credential when a visitor has none).
 */
export type CallAuth = 'site' | 'body-token';

/**
 * Who may call it; the API enforces this before any handler runs (shop-api
 * `src/http/declared-routes.ts`). `anyone`: visitors included. `customer`: a signed-in
 * customer's token (payload `token` or `Authorization: Bearer`), and the call acts on
 * that customer's own data only. `staff`: a signed-in staff member's bearer, in one of the
 * call's roles (the back office's calls, `@cgg/contracts/staff`).
 */
export type CallAccess = 'anyone' | 'customer' | 'staff';

export interface ApiCall<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, A extends CallAccess = CallAccess> {
  readonly route: string;
  readonly method: 'GET' | 'POST';
  readonly auth: CallAuth;
  readonly access: A;
  readonly request: Req;
  readonly response: Res;
}

function call<Req extends z.ZodMiniType | null, Res extends z.ZodMiniType, const A extends CallAccess>(c: ApiCall<Req, Res, A>): ApiCall<Req, Res, A> {
  return c;
}

/**
 * Every content and account call of the spec's call table, then the account calls the
 * spec leaves out (auth.ts). The Store API cart has its own client (cart.ts).
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
  checkAuth: call({ access: 'customer', route: '/api/v1/check-auth', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: account.checkAuthResponseSchema }),
  updateProfile: call({ access: 'customer', route: '/api/v1/updateProfile', method: 'POST', auth: 'body-token', request: account.updateProfileRequestSchema, response: account.saveResponseSchema }),
  getUserDetails: call({ access: 'customer', route: '/api/v1/get_user_details', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: account.userDetailsResponseSchema }),
  updateUserDetails: call({ access: 'customer', route: '/api/v1/update_user_details', method: 'POST', auth: 'body-token', request: account.updateUserDetailsRequestSchema, response: account.saveResponseSchema }),
  points: call({ access: 'customer', route: '/api/v1/points', method: 'POST', auth: 'body-token', request: account.pointsRequestSchema, response: account.pointsResponseSchema }),
  getCoupons: call({ access: 'customer', route: '/api/v1/get_coupons', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: account.couponsResponseSchema }),
  orders: call({ access: 'customer', route: '/api/v1/orders', method: 'POST', auth: 'body-token', request: account.ordersRequestSchema, response: account.ordersResponseSchema }),
  orderDetail: call({ access: 'customer', route: '/api/v1/order_detail', method: 'POST', auth: 'body-token', request: account.orderDetailRequestSchema, response: account.orderDetailResponseSchema }),
  getPurchasedCompetition: call({ access: 'customer', route: '/api/v1/get_purchased_competition', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: account.purchasedCompetitionsResponseSchema }),
  bankDetails: call({ access: 'customer', route: '/api/v1/bank_details', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: account.bankDetailsResponseSchema }),
  getBankDetails: call({ access: 'customer', route: '/api/v1/get_bank_details', method: 'GET', auth: 'body-token', request: account.bankDetailsRequestSchema, response: account.saveResponseSchema }),
  register: call({ access: 'anyone', route: '/api/v1/register', method: 'POST', auth: 'site', request: auth.registerRequestSchema, response: auth.sessionResponseSchema }),
  login: call({ access: 'anyone', route: '/api/v1/login', method: 'POST', auth: 'site', request: auth.loginRequestSchema, response: auth.sessionResponseSchema }),
  logout: call({ access: 'customer', route: '/api/v1/logout', method: 'POST', auth: 'body-token', request: auth.logoutRequestSchema, response: auth.messageResponseSchema }),
  forgotPassword: call({ access: 'anyone', route: '/api/v1/forgot_password', method: 'POST', auth: 'site', request: auth.forgotPasswordRequestSchema, response: auth.messageResponseSchema }),
  resetPassword: call({ access: 'anyone', route: '/api/v1/reset_password', method: 'POST', auth: 'site', request: auth.resetPasswordRequestSchema, response: auth.messageResponseSchema }),
  loginAsUser: call({ access: 'anyone', route: '/api/v1/login_as_user', method: 'POST', auth: 'site', request: auth.loginAsUserRequestSchema, response: auth.sessionResponseSchema }),
  responsiblePlay: call({ access: 'customer', route: '/api/v1/responsible_play', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: auth.responsiblePlayResponseSchema }),
  updateResponsiblePlay: call({ access: 'customer', route: '/api/v1/update_responsible_play', method: 'POST', auth: 'body-token', request: auth.updateResponsiblePlayRequestSchema, response: auth.responsiblePlayResponseSchema }),
  saveAgeAndLimit: call({ access: 'customer', route: '/api/v1/save_age_and_limit', method: 'POST', auth: 'body-token', request: auth.saveAgeAndLimitRequestSchema, response: auth.saveAgeAndLimitResponseSchema }),
  getFaqs: call({ access: 'anyone', route: '/api/v1/get_faqs', method: 'GET', auth: 'site', request: null, response: site.faqsResponseSchema }),
  getLegalTerms: call({ access: 'anyone', route: '/api/v1/get_legal_terms', method: 'GET', auth: 'site', request: null, response: site.legalTermsResponseSchema }),
  getFreePostalRoute: call({ access: 'anyone', route: '/api/v1/get_free_postal_route', method: 'GET', auth: 'site', request: null, response: site.postalRouteResponseSchema }),
  /** Anyone may complain; a signed-in customer's token (payload or bearer) ties the complaint to their account. */
  fileComplaint: call({ access: 'anyone', route: '/api/v1/file_complaint', method: 'POST', auth: 'body-token', request: complaints.complaintRequestSchema, response: complaints.complaintResponseSchema }),
  contactUs: call({ access: 'anyone', route: '/api/v1/contact_us', method: 'POST', auth: 'site', request: site.contactRequestSchema, response: site.contactResponseSchema }),
  chatMessages: call({ access: 'anyone', route: '/api/v1/chat_messages', method: 'GET', auth: 'site', request: site.chatListRequestSchema, response: site.chatListResponseSchema }),
  chatPost: call({ access: 'customer', route: '/api/v1/chat_post', method: 'POST', auth: 'body-token', request: site.chatPostRequestSchema, response: site.chatPostResponseSchema }),
  drawResults: call({ access: 'anyone', route: '/api/v1/draw_results', method: 'POST', auth: 'site', request: draws.drawResultsRequestSchema, response: draws.drawResultsResponseSchema }),
  drawProof: call({ access: 'anyone', route: '/api/v1/draw_proof', method: 'POST', auth: 'site', request: draws.drawProofRequestSchema, response: draws.drawProofResponseSchema }),
  winnersList: call({ access: 'anyone', route: '/api/v1/winners_list', method: 'POST', auth: 'site', request: draws.winnersListRequestSchema, response: draws.winnersListResponseSchema }),
  getUnclaimedPrizes: call({ access: 'customer', route: '/api/v1/get_unclaimed_prizes', method: 'POST', auth: 'body-token', request: claims.unclaimedPrizesRequestSchema, response: claims.unclaimedPrizesResponseSchema }),
  claimPrize: call({ access: 'customer', route: '/api/v1/claim_prize', method: 'POST', auth: 'body-token', request: claims.claimPrizeRequestSchema, response: claims.claimPrizeResponseSchema }),
  getClaims: call({ access: 'customer', route: '/api/v1/get_claims', method: 'POST', auth: 'body-token', request: claims.claimsRequestSchema, response: claims.claimsResponseSchema }),
} as const;

/** Not a JSON call: an EventSource stream of chat messages (see api/site.ts). */
export const CHAT_STREAM_ROUTE = '/api/v1/chat_stream';

export type Calls = typeof calls;
export type CallName = keyof Calls;
