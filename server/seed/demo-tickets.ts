import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { createTicket, listTickets, runTicketAction, ticketViewerOf } from '../modules/ticket/service';

const seedContext = { origin: 'browser' as const, ip: '127.0.0.1' };

/** Whether the demo has its tickets. */
export async function demoTicketsSeeded(db: Db, demo: Account): Promise<boolean> {
  const viewer = ticketViewerOf({ viewAccountId: demo.id, accountId: demo.id, account: demo });
  return (await listTickets(db, viewer)).total > 0;
}

/**
 * The demo's tickets, submitted and answered as a user and support would: one support has
 * answered (the customer's turn), one waiting for support.
 */
export async function seedDemoTickets(db: Db, demo: Account): Promise<void> {
  if (await demoTicketsSeeded(db, demo)) return;
  const viewer = ticketViewerOf({ viewAccountId: demo.id, accountId: demo.id, account: demo });
  const answered = await createTicket(
    db,
    viewer,
    {
      category: 'https',
      title: 'api.demo-shop.com 的 HTTPS 证书续期后仍显示旧证书',
      content:
        '昨天上传了续期后的证书并关联到 api.demo-shop.com，但部分地区访问时浏览器仍显示旧证书，有效期到下周。请帮忙确认是否已全网生效。',
      image_ids: [],
    },
    seedContext,
  );
  await runTicketAction(db, {
    action: 'reply',
    id: answered.id,
    content:
      '您好，新证书已于昨日 18:20 下发到全部节点。个别地区仍显示旧证书，通常是客户端缓存了 TLS 会话，请清除浏览器缓存后重试；如仍有问题，请提供访问地区和客户端 IP。',
  });
  await createTicket(
    db,
    viewer,
    {
      category: 'billing',
      title: '流量包到期前能否提醒',
      content: '我们有一个流量包 3 天后到期，希望到期前 7 天能收到短信或邮件提醒，请问如何设置？',
      image_ids: [],
    },
    seedContext,
  );
}
