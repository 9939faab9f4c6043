/** The app's own pages and the help and support pages settings links to (PRODUCT_SPEC.md section 2). */
export const APP_PATHS = {
  version: '/pages/app_version/index',
  update: '/pages/appupdate/index',
  download: '/pages/down/index',
  about: '/pages/regardsSun/index',
  helpCentre: '/pages/helpcenterSun/index',
  service: '/pages/service/index',
  tickets: '/pages/workOrder/index',
  messages: '/pages/messageSun/index',
} as const;
