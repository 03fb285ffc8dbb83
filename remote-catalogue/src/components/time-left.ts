export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

export function timeLeft(untilMs: number, nowMs: number): TimeLeft {
  const total = Math.max(0, Math.floor((untilMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
}

export const pad2 = (n: number) => String(n).padStart(2, '0');
