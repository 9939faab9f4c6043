import type { SecondFactorProof, SecondFactorStatus, TotpSetupReply } from '@wallet/contract';
import { LIMITS } from '@wallet/contract';
import { Button, Dialog, Input, List, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import proofStyles from '../../components/proof-sheet.module.css';
import { Section } from '../../components/section';
import { StepUpSheet, useStepUp } from '../../components/step-up-sheet';
import { formatDateTime } from '../../lib/format';
import { useSecondFactorStatus } from '../../lib/queries/second-factor';
import { useAppStore } from '../../lib/store';
import { useErrorText } from '../../lib/use-error-text';
import { createPasskey, PasskeyCancelled, passkeysSupported } from '../../lib/webauthn';
import {
  passkeyCreationOptions,
  startTotp,
  useAddPasskey,
  useConfirmTotp,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
} from './api';
import { useEnrolProof } from './enrol-proof-sheet';
import { RecoveryCodesSheet } from './recovery-codes-sheet';
import styles from './second-factor.module.css';
import { TotpSetupSheet } from './totp-setup-sheet';

/** An action that always takes the second factor (removing one, new recovery codes). */
type Guarded = (proof: SecondFactorProof) => Promise<unknown>;

/** The security settings' two-step verification: authenticator app, passkeys, recovery codes. */
export function SecuritySettings() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const status = useSecondFactorStatus();
  if (status.isPending) return <LoadingState rows={6} />;
  if (status.isError)
    return (
      <ErrorState
        title={t('secondFactor.page.loadError')}
        description={errorText(status.error)}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  return <Factors status={status.data} />;
}

function Factors({ status }: { status: SecondFactorStatus }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = useAppStore((state) => state.language);
  const stepUp = useStepUp();
  const enrol = useEnrolProof();
  const [guarded, setGuarded] = useState<Guarded | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [setup, setSetup] = useState<TotpSetupReply | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmTotp = useConfirmTotp();
  const removeTotp = useRemoveTotp();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const regenerate = useRegenerateRecoveryCodes();
  const methods = { totp: status.totp !== null, passkey: status.passkeys.length > 0 };
  const toast = (content: string) => Toast.show({ content, duration: LIMITS.client.toastDurationMs });
  const date = (iso: string) => formatDateTime(iso, language);

  const onSetUpTotp = async () => {
    setBusy(true);
    try {
      setSetup(await startTotp());
    } catch (error) {
      toast(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const onTotpCode = async (code: string) => {
    // The first factor asks proof of the member (enrol), a later one the factor already on (stepUp).
    const added = await stepUp.run((secondFactor) =>
      enrol.run((memberProof) =>
        confirmTotp.mutateAsync({ code, ...(secondFactor && { secondFactor }), ...(memberProof && { memberProof }) }),
      ),
    );
    setSetup(null);
    setCodes(added.recoveryCodes);
  };

  const onAddPasskey = async () => {
    const label = await askLabel(
      t('secondFactor.passkeys.label'),
      t('secondFactor.passkeys.defaultLabel'),
      t('secondFactor.passkeys.create'),
      t('secondFactor.proof.cancel'),
    );
    if (!label) return;
    setBusy(true);
    try {
      const response = await createPasskey((await passkeyCreationOptions()).options);
      const added = await stepUp.run((secondFactor) =>
        enrol.run((memberProof) =>
          addPasskey.mutateAsync({ label, response, ...(secondFactor && { secondFactor }), ...(memberProof && { memberProof }) }),
        ),
      );
      setCodes(added.recoveryCodes);
    } catch (error) {
      toast(error instanceof PasskeyCancelled ? t('secondFactor.passkeys.cancelled') : errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Section
        title={t('secondFactor.page.title')}
        action={
          <Tag color={status.enabled ? 'success' : 'default'} data-testid="second-factor-state">
            {status.enabled ? t('secondFactor.page.on') : t('secondFactor.page.off')}
          </Tag>
        }
      >
        <p className={`${styles.hint} ${styles.actions}`}>{t('secondFactor.page.intro')}</p>
      </Section>

      <Section title={t('secondFactor.passkeys.title')}>
        <List>
          {status.passkeys.length === 0 && (
            <List.Item>
              <span className={styles.hint}>{t('secondFactor.passkeys.empty')}</span>
            </List.Item>
          )}
          {status.passkeys.map((key) => (
            <List.Item
              key={key.id}
              data-testid="passkey-item"
              description={
                <span className={styles.meta}>
                  {key.lastUsedAt
                    ? t('secondFactor.passkeys.lastUsed', { date: date(key.lastUsedAt) })
                    : t('secondFactor.passkeys.added', { date: date(key.createdAt) })}
                </span>
              }
              extra={
                <RemoveButton
                  label={t('secondFactor.passkeys.remove')}
                  onClick={() =>
                    setGuarded(() => async (proof: SecondFactorProof) => {
                      await removePasskey.mutateAsync({ id: key.id, secondFactor: proof });
                      toast(t('secondFactor.passkeys.removed'));
                    })
                  }
                />
              }
            >
              {/* The member's own name for it, in whatever language they typed it. */}
              <span translate="no">{key.label}</span>
            </List.Item>
          ))}
        </List>
        <div className={styles.actions}>
          {passkeysSupported() ? (
            <Button block color="primary" fill="outline" loading={busy} onClick={() => void onAddPasskey()} data-testid="passkey-add">
              {t('secondFactor.passkeys.add')}
            </Button>
          ) : (
            <p className={styles.hint}>{t('secondFactor.passkeys.unsupported')}</p>
          )}
        </div>
      </Section>

      <Section title={t('secondFactor.totp.title')}>
        <List>
          <List.Item
            description={
              status.totp ? (
                <span className={styles.meta}>{t('secondFactor.totp.onSince', { date: date(status.totp.createdAt) })}</span>
              ) : undefined
            }
            extra={
              status.totp ? (
                <RemoveButton
                  label={t('secondFactor.totp.remove')}
                  testId="totp-remove"
                  onClick={() =>
                    setGuarded(() => async (proof: SecondFactorProof) => {
                      await removeTotp.mutateAsync(proof);
                      toast(t('secondFactor.totp.removed'));
                    })
                  }
                />
              ) : (
                <Button size="mini" color="primary" loading={busy} onClick={() => void onSetUpTotp()} data-testid="totp-add">
                  {t('secondFactor.totp.add')}
                </Button>
              )
            }
          >
            {status.totp ? t('secondFactor.page.on') : t('secondFactor.page.off')}
          </List.Item>
        </List>
      </Section>

      {status.enabled && (
        <Section title={t('secondFactor.recovery.title')}>
          <div className={`${proofStyles.stack} ${styles.actions}`}>
            <p className={styles.hint}>{t('secondFactor.recovery.intro')}</p>
            <span className={styles.meta} data-testid="recovery-left">
              {t('secondFactor.recovery.left', { count: status.recoveryCodesLeft })}
            </span>
            <Button
              block
              fill="outline"
              onClick={() =>
                setGuarded(() => async (proof: SecondFactorProof) => {
                  setCodes((await regenerate.mutateAsync(proof)).recoveryCodes);
                })
              }
              data-testid="recovery-regenerate"
            >
              {t('secondFactor.recovery.regenerate')}
            </Button>
          </div>
        </Section>
      )}

      <TotpSetupSheet setup={setup} confirm={onTotpCode} onClose={() => setSetup(null)} />
      <StepUpSheet
        open={guarded !== null}
        methods={methods}
        submit={async (proof) => {
          await guarded?.(proof);
          setGuarded(null);
        }}
        onCancel={() => setGuarded(null)}
      />
      <RecoveryCodesSheet codes={codes} onClose={() => setCodes(null)} />
      {stepUp.sheet}
      {enrol.sheet}
    </>
  );
}

/** Removing a factor: the step-up sheet asks the second factor first. */
function RemoveButton({ label, testId, onClick }: { label: string; testId?: string; onClick: () => void }) {
  return (
    <Button size="mini" color="danger" fill="outline" onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/** A one-field dialog for the new passkey's name; null when cancelled. */
function askLabel(title: string, initial: string, confirmText: string, cancelText: string): Promise<string | null> {
  let value = initial;
  return new Promise((resolve) => {
    Dialog.show({
      title,
      content: (
        <Input
          defaultValue={initial}
          maxLength={40}
          onChange={(next) => {
            value = next;
          }}
          data-testid="passkey-label"
        />
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: cancelText, onClick: () => resolve(null) },
          {
            key: 'ok',
            text: confirmText,
            bold: true,
            onClick: () => resolve(value.trim() || initial),
            'data-testid': 'passkey-create',
          } as never,
        ],
      ],
    });
  });
}
