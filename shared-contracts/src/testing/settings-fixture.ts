/** Shop settings as the API answers them (getsettings' data), for the cache and page-data tests. */
export const settingsFixture = {
  suggested_tickets: [5, 10],
  announcement: 'Live draws at 8pm',
  live_draw_info: '',
  main_competition: null,
  slider_height_desktop: 520,
  slider_height_tablet: 420,
  slider_height_mobile: 300,
  show_question: 0 as const,
  slider_speed: 5000,
  reward_prize_info: '',
  frontend_scripts: '',
};
