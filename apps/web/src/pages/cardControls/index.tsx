import { useTranslation } from 'react-i18next';
import { QueryGate } from '../../components/query-gate';
import { useCardControls } from '../../features/card-controls/api/card-controls';
import { CardControlsForm } from '../../features/card-controls/components/card-controls-form';
import { CardNotFound } from '../../features/cards/components/card-not-found';
import { CardPage } from '../../features/cards/components/card-page';

/** A card's spending controls (#/pages/cardControls/index?id=<card>): limits, online and ATM, blocked categories. */
export default function CardControlsPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cardControls.title')} rows={8} withoutId={<CardNotFound />}>
      {(card) => <Controls cardId={card.id} />}
    </CardPage>
  );
}

function Controls({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const controls = useCardControls(cardId);
  return (
    <QueryGate query={controls} errorTitle={t('cardControls.loadError')} rows={8}>
      {(data) => <CardControlsForm cardId={cardId} controls={data} />}
    </QueryGate>
  );
}
