'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { SurveyItemVO } from '@/lib/contracts/quality/quality';

export type Scores = Record<string, number | null>;

/** The answers to send once every question has a score, else null (blade/ refuses a partial answer too). */
export function completeAnswers(items: readonly SurveyItemVO[], scores: Scores) {
  const answers = items.map((i) => ({ itemId: i.id, score: scores[i.id] ?? 0 }));
  return answers.every((a) => a.score >= 1 && a.score <= 5) ? answers : null;
}

/**
 * The survey's questions, each scored 1–5 with stars named by their meaning (很不满意 … 很满意), and a comment. Pure
 * input: the dialog around it sends the answer. `readOnly` shows an answered survey.
 */
export function RatingForm({
  items,
  scores,
  onScore,
  comment,
  onComment,
  readOnly = false,
  showMissing = false,
}: {
  items: readonly SurveyItemVO[];
  scores: Scores;
  onScore: (itemId: string, score: number | null) => void;
  comment: string;
  onComment: (comment: string) => void;
  readOnly?: boolean;
  showMissing?: boolean;
}) {
  const t = useTranslations('quality.screen');
  const ts = useTranslations('quality.survey');
  const missing = showMissing && !completeAnswers(items, scores);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {items.map((item) => {
        const score = scores[item.id] ?? null;
        return (
          <Box key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography id={`item-${item.id}`} sx={{ flex: '1 1 260px' }}>
              {item.title}
            </Typography>
            <Rating
              name={`score-${item.id}`}
              value={score}
              max={5}
              readOnly={readOnly}
              getLabelText={(value) => `${value} ${t(`rating.${value}`)}`}
              onChange={(_, value) => onScore(item.id, value)}
            />
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 72 }}>
              {score ? t(`rating.${score}`) : ''}
            </Typography>
          </Box>
        );
      })}
      <TextField
        label={ts('comment')}
        value={comment}
        onChange={(e) => onComment(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000, readOnly } }}
      />
      {missing && <Alert severity="warning">{t('mySurvey.missing')}</Alert>}
    </Box>
  );
}
