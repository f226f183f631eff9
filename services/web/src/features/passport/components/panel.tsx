import styled from 'styled-components';
import { Card } from '@/components/ui/card';

/** A card of the passport step, with room inside (the fieldsets run to its padding). */
export const Panel = styled(Card)`
  padding: 16px;
  display: grid;
  gap: 12px;
  @media (max-width: 480px) {
    padding: 12px;
  }
`;
