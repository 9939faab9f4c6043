import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { usePayees } from '../../features/payout/api/get-payees';
import { KindSwitch } from '../../features/payout/components/kind-switch';
import { NoPayees } from '../../features/payout/components/no-payees';
import { PAYEE_FORM_PATH, payeeKindOf, SELL_PATHS } from '../../features/payout/components/paths';
import { PayeeList } from '../../features/payout/components/payee-list';
import { safeRedirect, withQuery, withRedirect } from '../../lib/redirect';
import styles from './collection-dui.module.css';

/**
 * Receiving accounts of flash exchange, Alipay and bank. Opened with `?choose=alipay|bank` by a sell
 * screen, a tap chooses the account and goes back there (`redirect`) with `?payee=`.
 */
export default function PayeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  const choosing = payeeKindOf(params.get('choose'));
  const kind = choosing ?? payeeKindOf(params.get('kind')) ?? 'alipay';
  const payees = usePayees(kind);
  const sellPath = safeRedirect(params.get('redirect')) ?? SELL_PATHS[kind];
  // A new account found while choosing is the one chosen; otherwise the form comes back here.
  const add = () => navigate(withRedirect(withQuery(PAYEE_FORM_PATH, { kind }), choosing ? sellPath : `${pathname}${search}`));

  return (
    <>
      <NavBar title={choosing ? t(`payout.payees.chooseTitle.${choosing}`) : t('payout.payees.title')} back />
      {!choosing && <KindSwitch value={kind} onChange={(next) => setParams({ kind: next }, { replace: true })} />}
      <PageBody>
        <QueryGate query={payees} errorTitle={t('payout.payees.loadError')} rows={5}>
          {(data) =>
            data.payees.length === 0 ? (
              <NoPayees kind={kind} onAdd={add} />
            ) : (
              <>
                <Section title={t(`payout.kind.${kind}`)}>
                  <PayeeList
                    payees={data.payees}
                    onChoose={choosing ? (payee) => navigate(withQuery(sellPath, { payee: payee.id }), { replace: true }) : undefined}
                    onEdit={(payee) => navigate(withRedirect(withQuery(PAYEE_FORM_PATH, { kind, id: payee.id }), `${pathname}${search}`))}
                  />
                </Section>
                <div className={styles.add}>
                  <Button block fill="outline" color="primary" onClick={add} data-testid="payee-add">
                    <AddOutline aria-hidden="true" /> {t(`payout.payees.add.${kind}`)}
                  </Button>
                </div>
              </>
            )
          }
        </QueryGate>
      </PageBody>
    </>
  );
}
