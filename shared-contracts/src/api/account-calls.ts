import * as account from './account.ts';
import * as auth from './auth.ts';
import { call } from './call.ts';
import * as claims from './claims.ts';

/**
 * The customer's own calls of the spec's call table (account, points, orders, bank details),
 * the account calls the spec leaves out (sign-in, registration, responsible play: auth.ts) and
 * the prize claims. Apart from `calls` (the shared module every page loads) so only the front
 * ends that make them (account, cart-checkout) and the API carry their schemas.
 */
export const accountCalls = {
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
  checkResetKey: call({ access: 'anyone', route: '/api/v1/check_reset_key', method: 'POST', auth: 'site', request: auth.checkResetKeyRequestSchema, response: auth.checkResetKeyResponseSchema }),
  resetPassword: call({ access: 'anyone', route: '/api/v1/reset_password', method: 'POST', auth: 'site', request: auth.resetPasswordRequestSchema, response: auth.messageResponseSchema }),
  loginAsUser: call({ access: 'anyone', route: '/api/v1/login_as_user', method: 'POST', auth: 'site', request: auth.loginAsUserRequestSchema, response: auth.sessionResponseSchema }),
  responsiblePlay: call({ access: 'customer', route: '/api/v1/responsible_play', method: 'POST', auth: 'body-token', request: account.tokenRequestSchema, response: auth.responsiblePlayResponseSchema }),
  updateResponsiblePlay: call({ access: 'customer', route: '/api/v1/update_responsible_play', method: 'POST', auth: 'body-token', request: auth.updateResponsiblePlayRequestSchema, response: auth.responsiblePlayResponseSchema }),
  saveAgeAndLimit: call({ access: 'customer', route: '/api/v1/save_age_and_limit', method: 'POST', auth: 'body-token', request: auth.saveAgeAndLimitRequestSchema, response: auth.saveAgeAndLimitResponseSchema }),
  getUnclaimedPrizes: call({ access: 'customer', route: '/api/v1/get_unclaimed_prizes', method: 'POST', auth: 'body-token', request: claims.unclaimedPrizesRequestSchema, response: claims.unclaimedPrizesResponseSchema }),
  claimPrize: call({ access: 'customer', route: '/api/v1/claim_prize', method: 'POST', auth: 'body-token', request: claims.claimPrizeRequestSchema, response: claims.claimPrizeResponseSchema }),
  getClaims: call({ access: 'customer', route: '/api/v1/get_claims', method: 'POST', auth: 'body-token', request: claims.claimsRequestSchema, response: claims.claimsResponseSchema }),
} as const;

export type AccountCalls = typeof accountCalls;
export type AccountCallName = keyof AccountCalls;
