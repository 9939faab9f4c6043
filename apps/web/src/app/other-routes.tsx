import { Route, Routes } from 'react-router';
import { page } from './page-route';
import { RequireSession } from './require-session';
import { SignedOutOnly } from './signed-out-only';

/**
 * Every route but the three tabs: drawn by router.tsx's catch-all, from a chunk of its own. The first
 * screen (home) needs none of them, and their table, with each page's list of files to fetch, was some
 * 6 kB gzipped of every first load. public/boot.js fetches this chunk at once when the app opens on one
 * of these pages, and preloadRoute on the intent to open one.
 */
const OTHER_ROUTES = (
  <Routes>
    <Route element={<SignedOutOnly />}>
      {page('pages/login/index', () => import('../pages/login/index'))}
      {page('pages/login/newIndex', () => import('../pages/login/newIndex'))}
      {page('pages/login/forgot', () => import('../pages/login/forgot'))}
      {page('pages/register/index', () => import('../pages/register/index'))}
    </Route>
    <Route element={<RequireSession />}>
      {page('pages/password_pay/index', () => import('../pages/password_pay/index'))}
      {page('pages/editPassSun/index', () => import('../pages/editPassSun/index'))}
      {page('pages/security/index', () => import('../pages/security/index'))}
      {page('pages/bindingAddress/index', () => import('../pages/bindingAddress/index'))}
      {page('pages/bindingAddress/xiugaiSun/index', () => import('../pages/bindingAddress/xiugaiSun/index'))}
      {page('pages/bindingAddress/editpass/index', () => import('../pages/bindingAddress/editpass/index'))}
      {page('pages/manageSun/index', () => import('../pages/manageSun/index'))}
      {page('pages/mine/profile/index', () => import('../pages/mine/profile/index'))}
      {page('pages/transferMoneySun/index', () => import('../pages/transferMoneySun/index'))}
      {page('pages/transferMoneySun/bindSun/index', () => import('../pages/transferMoneySun/bindSun/index'))}
      {page('pages/withdrawSun/index', () => import('../pages/withdrawSun/index'))}
      {page('pages/addressBook/index', () => import('../pages/addressBook/index'))}
      {page('pages/addressBook/add', () => import('../pages/addressBook/add'))}
      {page('pages/topUpSun/index', () => import('../pages/topUpSun/index'))}
      {page('pages/topUpSun/toSun/index', () => import('../pages/topUpSun/toSun/index'))}
      {page('pages/topUpSun/toEth/index', () => import('../pages/topUpSun/toEth/index'))}
      {page('pages/topUpSun/toBtc/index', () => import('../pages/topUpSun/toBtc/index'))}
      {page('pages/orderD/index', () => import('../pages/orderD/index'))}
      {page('pages/mine/payment_code/index', () => import('../pages/mine/payment_code/index'))}
      {page('pages/changeBZSun/index', () => import('../pages/changeBZSun/index'))}
      {page('pages/exchangeSun/index', () => import('../pages/exchangeSun/index'))}
      {page('pages/recordsSun/index', () => import('../pages/recordsSun/index'))}
      {page('pages/recordsSun/detail', () => import('../pages/recordsSun/detail'))}
      {page('pages/statement/index', () => import('../pages/statement/index'))}
      {page('pages/cardNewSbc/index', () => import('../pages/cardNewSbc/index'))}
      {page('pages/apply_card_opne/index', () => import('../pages/apply_card_opne/index'))}
      {page('pages/afterOpen/index', () => import('../pages/afterOpen/index'))}
      {page('pages/newKYC/index', () => import('../pages/newKYC/index'))}
      {page('pages/cardBasic/index', () => import('../pages/cardBasic/index'))}
      {page('pages/cardBasic/transaction', () => import('../pages/cardBasic/transaction'))}
      {page('pages/cardControls/index', () => import('../pages/cardControls/index'))}
      {page('pages/app-cvv/index', () => import('../pages/app-cvv/index'))}
      {page('pages/rechargeCardSun/index', () => import('../pages/rechargeCardSun/index'))}
      {page('pages/cardToSun/index', () => import('../pages/cardToSun/index'))}
      {page('pages/kuaidi/index', () => import('../pages/kuaidi/index'))}
      {page('pages/anfCardPass/index', () => import('../pages/anfCardPass/index'))}
      {page('pages/bindCardSun/index', () => import('../pages/bindCardSun/index'))}
      {page('pages/bound/index', () => import('../pages/bound/index'))}
      {page('pages/kycPokey/index', () => import('../pages/kycPokey/index'))}
      {page('pages/huichu/index', () => import('../pages/huichu/index'))}
      {page('pages/duihuan/index', () => import('../pages/duihuan/index'))}
      {page('pages/huichu/orders', () => import('../pages/huichu/orders'))}
      {page('pages/huichu/order', () => import('../pages/huichu/order'))}
      {page('pages/collectionDui/index', () => import('../pages/collectionDui/index'))}
      {page('pages/addInfo/index', () => import('../pages/addInfo/index'))}
      {page('pages/workOrder/index', () => import('../pages/workOrder/index'))}
      {page('pages/workOrder/new', () => import('../pages/workOrder/new'))}
      {page('pages/workOrder/detail', () => import('../pages/workOrder/detail'))}
      {page('pages/messageSun/index', () => import('../pages/messageSun/index'))}
      {page('pages/InvitationSun/index', () => import('../pages/InvitationSun/index'))}
      {page('pages/tuiguang/index', () => import('../pages/tuiguang/index'))}
      {page('pages/simuSbc/index', () => import('../pages/simuSbc/index'))}
      {page('pages/simuSbc/xqing/index', () => import('../pages/simuSbc/xqing/index'))}
      {page('pages/global/index', () => import('../pages/global/index'))}
      {page('pages/glo/index', () => import('../pages/glo/index'))}
      {page('pages/jiefen/index', () => import('../pages/jiefen/index'))}
      {page('pages/reserves/mine', () => import('../pages/reserves/mine'))}
    </Route>
    {/* The app's own pages (version, update, download, about) read the same signed in or out; so do
        the help centre and the support page, and the lock link of a security email, whoever is
        signed in here, or no one. */}
    {page('pages/app_version/index', () => import('../pages/app_version/index'))}
    {page('pages/appupdate/index', () => import('../pages/appupdate/index'))}
    {page('pages/down/index', () => import('../pages/down/index'))}
    {page('pages/regardsSun/index', () => import('../pages/regardsSun/index'))}
    {page('pages/helpcenterSun/index', () => import('../pages/helpcenterSun/index'))}
    {page('pages/helpcenterSun/familiar/index', () => import('../pages/helpcenterSun/familiar/index'))}
    {page('pages/helpcenterSun/correlation/index', () => import('../pages/helpcenterSun/correlation/index'))}
    {page('pages/service/index', () => import('../pages/service/index'))}
    {page('pages/lockAccount/index', () => import('../pages/lockAccount/index'))}
    {/* Proof of reserves is public: a visitor sees what is owed and held before ever signing up. */}
    {page('pages/reserves/index', () => import('../pages/reserves/index'))}
    {page('*', () => import('../pages/not-found/index'))}
  </Routes>
);

export default function OtherRoutes() {
  return OTHER_ROUTES;
}
