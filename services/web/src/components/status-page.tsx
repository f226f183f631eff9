import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: grid;
  place-items: center;
  min-height: 100%;
  padding: 48px 20px;
`;

const Panel = styled.section`
  max-width: 560px;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
`;

const Code = styled.p`
  font-size: clamp(64px, 12vw, 112px);
  font-weight: 800;
  line-height: 1;
  letter-spacing: -0.04em;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.secondary});
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

const IconBubble = styled.div`
  display: grid;
  place-items: center;
  width: 88px;
  height: 88px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`;

const Title = styled.h1`
  font-size: clamp(22px, 3vw, 28px);
  font-weight: 700;
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 15px;
  max-width: 460px;
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  justify-content: center;
  margin-top: 10px;
`;

interface StatusPageProps {
  code?: string;
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The layout of every error, maintenance and placeholder page. */
export function StatusPage({ code, icon, title, description, actions }: StatusPageProps) {
  return (
    <Wrapper>
      <Panel>
        {code ? <Code aria-hidden="true">{code}</Code> : null}
        {icon ? <IconBubble aria-hidden="true">{icon}</IconBubble> : null}
        <Title>{title}</Title>
        {description ? <Description>{description}</Description> : null}
        {actions ? <Actions>{actions}</Actions> : null}
      </Panel>
    </Wrapper>
  );
}
