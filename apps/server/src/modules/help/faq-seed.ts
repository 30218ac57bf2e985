import type { Lang } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { helpArticles, helpArticleTexts, helpCategories, settings } from '../../db/schema.js';

/**
 * The starting FAQ: five categories, two articles each, in all seven languages. Operators edit or
 * delete them in the console; the seed runs once per database (its own marker in `settings`, so it
 * never brings back an article an operator removed and does not depend on the shared seed version).
 */
const MARKER = 'help_seed_version';
const VERSION = 1;

type Texts = Record<Lang, [title: string, body: string]>;
type SeedCategory = { slug: string; names: Record<Lang, string>; articles: { slug: string; texts: Texts }[] };

export const FAQ_SEED: SeedCategory[] = [
  {
    slug: 'deposits',
    names: { en: 'Deposits', jp: '入金', kr: '입금', esp: 'Depósitos', zh: '充值', hk: '充值', th: 'การฝาก' },
    articles: [
      {
        slug: 'how-to-deposit',
        texts: {
          en: [
            'How do I deposit coins?',
            'Open Assets and tap Deposit, choose the coin and the chain, then copy the address or scan its QR code. Send the coins from your wallet on exactly that chain, enter the amount you sent and upload a screenshot of the transfer as proof. Your deposit is credited to your coin account once an operator has confirmed it.',
          ],
          jp: [
            'コインを入金するには？',
            '「資産」から「入金」を開き、コインとチェーンを選んで、アドレスをコピーするかQRコードを読み取ります。必ず同じチェーンでウォレットから送金し、送金額を入力して、送金画面のスクリーンショットを証明として添付してください。運営が確認すると、コイン口座に入金されます。',
          ],
          kr: [
            '코인은 어떻게 입금하나요?',
            '자산에서 입금을 누르고 코인과 체인을 선택한 뒤 주소를 복사하거나 QR 코드를 스캔하세요. 반드시 같은 체인으로 지갑에서 전송하고, 보낸 금액을 입력한 후 전송 화면 캡처를 증빙으로 올려 주세요. 운영자가 확인하면 코인 계정에 입금됩니다.',
          ],
          esp: [
            '¿Cómo deposito criptomonedas?',
            'Abra Activos y pulse Depositar, elija la moneda y la red, y copie la dirección o escanee su código QR. Envíe las monedas desde su billetera exactamente por esa red, indique el importe enviado y suba una captura de la transferencia como comprobante. El depósito se abona en su cuenta de monedas cuando un operador lo confirma.',
          ],
          zh: [
            '如何充值？',
            '进入"资产"点击"充值"，选择币种和链，复制地址或扫描二维码。请务必通过同一条链从您的钱包转账，填写转账数量，并上传转账截图作为凭证。运营人员确认后，资金将计入您的币币账户。',
          ],
          hk: [
            '如何充值？',
            '進入「資產」點擊「充值」，選擇幣種和鏈，複製地址或掃描二維碼。請務必通過同一條鏈從您的錢包轉賬，填寫轉賬數量，並上傳轉賬截圖作為憑證。運營人員確認後，資金將計入您的幣幣賬戶。',
          ],
          th: [
            'ฝากเหรียญอย่างไร?',
            'เปิดหน้าสินทรัพย์แล้วแตะฝาก เลือกเหรียญและเครือข่าย จากนั้นคัดลอกที่อยู่หรือสแกนคิวอาร์โค้ด โอนเหรียญจากกระเป๋าของคุณผ่านเครือข่ายเดียวกันเท่านั้น กรอกจำนวนที่โอนและอัปโหลดภาพหน้าจอการโอนเป็นหลักฐาน ยอดฝากจะเข้าบัญชีเหรียญเมื่อเจ้าหน้าที่ยืนยันแล้ว',
          ],
        },
      },
      {
        slug: 'deposit-not-arrived',
        texts: {
          en: [
            'My deposit has not arrived',
            'Check your deposit records under Assets. "Under review" means an operator has not confirmed it yet; most deposits are reviewed within a few hours. A deposit below the coin\'s minimum, sent on another chain, or with a proof that does not match the transfer is rejected. If it was rejected or is taking long, contact online service with the transaction hash.',
          ],
          jp: [
            '入金が反映されません',
            '「資産」の入出金記録を確認してください。「審査中」は運営がまだ確認していない状態で、通常は数時間以内に処理されます。最低額未満の入金、別のチェーンでの送金、証明が送金内容と一致しない場合は却下されます。却下された場合や時間がかかる場合は、トランザクションハッシュを添えてオンラインサービスにお問い合わせください。',
          ],
          kr: [
            '입금이 반영되지 않았어요',
            '자산의 입출금 기록을 확인하세요. "심사 중"은 운영자가 아직 확인하지 않은 상태이며 대부분 몇 시간 안에 처리됩니다. 최소 금액 미만, 다른 체인으로 보낸 입금, 증빙이 전송 내역과 다른 경우 거절됩니다. 거절되었거나 오래 걸리면 거래 해시와 함께 온라인 상담으로 문의하세요.',
          ],
          esp: [
            'Mi depósito no ha llegado',
            'Revise sus registros de depósito en Activos. "En revisión" significa que un operador aún no lo ha confirmado; la mayoría se revisa en pocas horas. Se rechaza un depósito inferior al mínimo de la moneda, enviado por otra red o con un comprobante que no coincide con la transferencia. Si fue rechazado o tarda demasiado, contacte con el servicio en línea indicando el hash de la transacción.',
          ],
          zh: [
            '充值未到账怎么办？',
            '请在"资产"中查看充值记录。"审核中"表示运营人员尚未确认，大多数充值会在数小时内处理。低于该币种最低充值额、通过其他链转账或凭证与转账不符的充值将被驳回。如被驳回或等待过久，请携带交易哈希联系在线客服。',
          ],
          hk: [
            '充值未到賬怎麼辦？',
            '請在「資產」中查看充值記錄。「審核中」表示運營人員尚未確認，大多數充值會在數小時內處理。低於該幣種最低充值額、通過其他鏈轉賬或憑證與轉賬不符的充值將被駁回。如被駁回或等待過久，請攜帶交易哈希聯繫在線客服。',
          ],
          th: [
            'ยอดฝากยังไม่เข้า',
            'ตรวจสอบประวัติการฝากในหน้าสินทรัพย์ "กำลังตรวจสอบ" หมายถึงเจ้าหน้าที่ยังไม่ได้ยืนยัน ส่วนใหญ่จะดำเนินการภายในไม่กี่ชั่วโมง การฝากที่ต่ำกว่าขั้นต่ำ โอนผ่านเครือข่ายอื่น หรือหลักฐานไม่ตรงกับการโอนจะถูกปฏิเสธ หากถูกปฏิเสธหรือใช้เวลานาน โปรดติดต่อบริการออนไลน์พร้อมแฮชธุรกรรม',
          ],
        },
      },
    ],
  },
  {
    slug: 'withdrawals',
    names: { en: 'Withdrawals', jp: '出金', kr: '출금', esp: 'Retiros', zh: '提现', hk: '提現', th: 'การถอน' },
    articles: [
      {
        slug: 'how-to-withdraw',
        texts: {
          en: [
            'How do I withdraw?',
            'You need a completed real-name verification, a fund password and a saved withdrawal address. Open Assets, tap Withdraw, pick the coin and the address, enter the amount and your fund password. The amount and the fee are frozen while the request is reviewed; funds usually arrive within 12 hours. You can make at most 3 withdrawal requests a day.',
          ],
          jp: [
            '出金するには？',
            '本人確認の完了、資金パスワードの設定、出金アドレスの登録が必要です。「資産」から「出金」を開き、コインとアドレスを選んで金額と資金パスワードを入力します。審査中は金額と手数料が凍結され、通常12時間以内に着金します。出金申請は1日3回までです。',
          ],
          kr: [
            '출금은 어떻게 하나요?',
            '실명 인증 완료, 자금 비밀번호 설정, 출금 주소 등록이 필요합니다. 자산에서 출금을 누르고 코인과 주소를 선택한 뒤 금액과 자금 비밀번호를 입력하세요. 심사 중에는 금액과 수수료가 동결되며 보통 12시간 이내에 도착합니다. 출금 신청은 하루 최대 3회입니다.',
          ],
          esp: [
            '¿Cómo retiro fondos?',
            'Necesita la verificación de identidad completada, una contraseña de fondos y una dirección de retiro guardada. Abra Activos, pulse Retirar, elija la moneda y la dirección, e indique el importe y su contraseña de fondos. El importe y la comisión quedan congelados durante la revisión; los fondos suelen llegar en 12 horas. Puede hacer como máximo 3 solicitudes al día.',
          ],
          zh: [
            '如何提现？',
            '提现需要完成实名认证、设置资金密码并添加提现地址。进入"资产"点击"提现"，选择币种和地址，输入数量和资金密码。审核期间数量和手续费将被冻结，通常12小时内到账。每天最多可提交3次提现申请。',
          ],
          hk: [
            '如何提現？',
            '提現需要完成實名認證、設置資金密碼並添加提現地址。進入「資產」點擊「提現」，選擇幣種和地址，輸入數量和資金密碼。審核期間數量和手續費將被凍結，通常12小時內到賬。每天最多可提交3次提現申請。',
          ],
          th: [
            'ถอนเงินอย่างไร?',
            'ต้องยืนยันตัวตนเสร็จแล้ว ตั้งรหัสผ่านการเงิน และบันทึกที่อยู่สำหรับถอน เปิดหน้าสินทรัพย์แล้วแตะถอน เลือกเหรียญและที่อยู่ กรอกจำนวนและรหัสผ่านการเงิน ระหว่างตรวจสอบจำนวนเงินและค่าธรรมเนียมจะถูกระงับไว้ โดยปกติจะได้รับภายใน 12 ชั่วโมง ถอนได้สูงสุด 3 ครั้งต่อวัน',
          ],
        },
      },
      {
        slug: 'withdrawal-fees-limits',
        texts: {
          en: [
            'Withdrawal fees and minimums',
            'Every coin has its own minimum withdrawal amount and a fixed fee, shown on the withdrawal page before you confirm. The fee is taken on top of the amount you withdraw. If a withdrawal is rejected, the amount and the fee return to your available balance in full.',
          ],
          jp: [
            '出金手数料と最低額',
            'コインごとに最低出金額と固定手数料があり、確定前に出金画面に表示されます。手数料は出金額とは別に差し引かれます。出金が却下された場合、金額と手数料は全額利用可能残高に戻ります。',
          ],
          kr: [
            '출금 수수료와 최소 금액',
            '코인마다 최소 출금 금액과 고정 수수료가 있으며 확인 전에 출금 화면에 표시됩니다. 수수료는 출금 금액과 별도로 차감됩니다. 출금이 거절되면 금액과 수수료가 모두 사용 가능 잔액으로 돌아옵니다.',
          ],
          esp: [
            'Comisiones y mínimos de retiro',
            'Cada moneda tiene su propio importe mínimo de retiro y una comisión fija, que se muestran en la página de retiro antes de confirmar. La comisión se cobra además del importe retirado. Si se rechaza un retiro, el importe y la comisión vuelven íntegros a su saldo disponible.',
          ],
          zh: [
            '提现手续费与最低额',
            '每个币种都有最低提现数量和固定手续费，确认前会显示在提现页面。手续费在提现数量之外另行扣除。如果提现被驳回，数量和手续费将全额退回可用余额。',
          ],
          hk: [
            '提現手續費與最低額',
            '每個幣種都有最低提現數量和固定手續費，確認前會顯示在提現頁面。手續費在提現數量之外另行扣除。如果提現被駁回，數量和手續費將全額退回可用餘額。',
          ],
          th: [
            'ค่าธรรมเนียมและขั้นต่ำการถอน',
            'แต่ละเหรียญมีจำนวนถอนขั้นต่ำและค่าธรรมเนียมคงที่ ซึ่งแสดงในหน้าถอนก่อนยืนยัน ค่าธรรมเนียมจะถูกหักเพิ่มจากจำนวนที่ถอน หากการถอนถูกปฏิเสธ จำนวนเงินและค่าธรรมเนียมจะคืนสู่ยอดคงเหลือที่ใช้ได้ทั้งหมด',
          ],
        },
      },
    ],
  },
  {
    slug: 'verification',
    names: {
      en: 'Verification',
      jp: '本人確認',
      kr: '본인 인증',
      esp: 'Verificación',
      zh: '身份认证',
      hk: '身份認證',
      th: 'การยืนยันตัวตน',
    },
    articles: [
      {
        slug: 'verification-tiers',
        texts: {
          en: [
            'Basic and advanced verification',
            'Basic verification asks for your country, full name and ID number. Advanced verification, available after basic, asks for photos of the front and back of your ID and a photo of you holding it. Withdrawals and options need basic verification. Each step shows "under review" until an operator has checked it.',
          ],
          jp: [
            '基本認証と上級認証',
            '基本認証では国、氏名、身分証番号を入力します。上級認証は基本認証の後に利用でき、身分証の表面・裏面の写真と、身分証を持ったご本人の写真が必要です。出金とオプション取引には基本認証が必要です。運営が確認するまで各段階は「審査中」と表示されます。',
          ],
          kr: [
            '기본 인증과 고급 인증',
            '기본 인증에는 국가, 성명, 신분증 번호가 필요합니다. 고급 인증은 기본 인증 후 가능하며 신분증 앞면과 뒷면 사진, 신분증을 든 본인 사진이 필요합니다. 출금과 옵션 거래에는 기본 인증이 필요합니다. 운영자가 확인할 때까지 각 단계는 "심사 중"으로 표시됩니다.',
          ],
          esp: [
            'Verificación básica y avanzada',
            'La verificación básica pide su país, nombre completo y número de documento. La avanzada, disponible tras la básica, pide fotos del anverso y reverso del documento y una foto suya sosteniéndolo. Los retiros y las opciones requieren la verificación básica. Cada paso muestra "en revisión" hasta que un operador lo comprueba.',
          ],
          zh: [
            '初级认证与高级认证',
            '初级认证需要填写国家、姓名和证件号码。高级认证需先完成初级认证，需上传证件正面、反面照片和手持证件照。提现和期权交易需要完成初级认证。运营人员审核前，各步骤显示"审核中"。',
          ],
          hk: [
            '初級認證與高級認證',
            '初級認證需要填寫國家、姓名和證件號碼。高級認證需先完成初級認證，需上傳證件正面、反面照片和手持證件照。提現和期權交易需要完成初級認證。運營人員審核前，各步驟顯示「審核中」。',
          ],
          th: [
            'การยืนยันขั้นพื้นฐานและขั้นสูง',
            'การยืนยันขั้นพื้นฐานต้องระบุประเทศ ชื่อ-นามสกุล และเลขบัตรประจำตัว ขั้นสูงทำได้หลังขั้นพื้นฐาน ต้องใช้รูปด้านหน้าและด้านหลังของบัตร และรูปคุณถือบัตร การถอนและออปชันต้องผ่านขั้นพื้นฐาน แต่ละขั้นจะแสดง "กำลังตรวจสอบ" จนกว่าเจ้าหน้าที่จะตรวจเสร็จ',
          ],
        },
      },
      {
        slug: 'verification-rejected',
        texts: {
          en: [
            'Why was my verification rejected?',
            'The most common reasons are a name or ID number that does not match the document, photos that are blurred, cropped or show glare, and an expired document. The reason is shown in your messages. Correct it and submit again; clear photos in good light are reviewed fastest.',
          ],
          jp: [
            '本人確認が却下されたのはなぜ？',
            'よくある理由は、氏名や番号が書類と一致しない、写真がぼやけている・切れている・反射している、書類の有効期限切れです。理由はメッセージに表示されます。修正して再提出してください。明るい場所で撮った鮮明な写真ほど早く審査されます。',
          ],
          kr: [
            '본인 인증이 왜 거절되었나요?',
            '가장 흔한 이유는 이름이나 번호가 신분증과 다름, 사진이 흐리거나 잘렸거나 빛 반사가 있음, 만료된 신분증입니다. 거절 사유는 메시지에서 확인할 수 있습니다. 수정 후 다시 제출하세요. 밝은 곳에서 찍은 선명한 사진이 가장 빨리 심사됩니다.',
          ],
          esp: [
            '¿Por qué se rechazó mi verificación?',
            'Los motivos más comunes son un nombre o número que no coincide con el documento, fotos borrosas, recortadas o con reflejos, y un documento caducado. El motivo aparece en sus mensajes. Corríjalo y vuelva a enviarlo; las fotos nítidas y bien iluminadas se revisan antes.',
          ],
          zh: [
            '为什么身份认证被驳回？',
            '常见原因有：姓名或证件号与证件不符，照片模糊、不完整或反光，证件已过期。驳回原因会显示在消息中。请修改后重新提交，光线充足、清晰的照片审核最快。',
          ],
          hk: [
            '為什麼身份認證被駁回？',
            '常見原因有：姓名或證件號與證件不符，照片模糊、不完整或反光，證件已過期。駁回原因會顯示在消息中。請修改後重新提交，光線充足、清晰的照片審核最快。',
          ],
          th: [
            'ทำไมการยืนยันตัวตนถูกปฏิเสธ?',
            'สาเหตุที่พบบ่อยคือชื่อหรือเลขบัตรไม่ตรงกับเอกสาร รูปเบลอ ถูกตัด หรือมีแสงสะท้อน และเอกสารหมดอายุ เหตุผลจะแสดงในข้อความของคุณ แก้ไขแล้วส่งใหม่ รูปที่ชัดและมีแสงเพียงพอจะตรวจได้เร็วที่สุด',
          ],
        },
      },
    ],
  },
  {
    slug: 'trading',
    names: { en: 'Trading', jp: '取引', kr: '거래', esp: 'Trading', zh: '交易', hk: '交易', th: 'การเทรด' },
    articles: [
      {
        slug: 'spot-orders',
        texts: {
          en: [
            'Limit and market orders',
            'A limit order buys or sells at your price or better and waits on the order book until it is filled or you cancel it. A market order trades at once against the best prices on the book. While an order waits, the coins it needs are frozen in your coin account; cancelling releases them.',
          ],
          jp: [
            '指値注文と成行注文',
            '指値注文は指定価格かそれより有利な価格で売買し、約定するか取り消すまで板に残ります。成行注文は板の最良価格ですぐに約定します。注文が待機中の間、必要なコインはコイン口座で凍結され、取り消すと解除されます。',
          ],
          kr: [
            '지정가 주문과 시장가 주문',
            '지정가 주문은 지정한 가격 또는 더 유리한 가격으로 거래되며 체결되거나 취소할 때까지 호가창에 남습니다. 시장가 주문은 호가창의 최우선 가격으로 즉시 체결됩니다. 주문이 대기 중인 동안 필요한 코인은 코인 계정에서 동결되며 취소하면 해제됩니다.',
          ],
          esp: [
            'Órdenes límite y de mercado',
            'Una orden límite compra o vende a su precio o mejor y espera en el libro hasta ejecutarse o hasta que la cancele. Una orden de mercado se ejecuta al instante contra los mejores precios del libro. Mientras una orden espera, las monedas que necesita quedan congeladas en su cuenta; al cancelarla se liberan.',
          ],
          zh: [
            '限价单与市价单',
            '限价单以您设定的价格或更优价格成交，在成交或撤单前一直挂在盘口。市价单立即以盘口最优价格成交。委托等待期间，所需的币会在币币账户中冻结，撤单后解冻。',
          ],
          hk: [
            '限價單與市價單',
            '限價單以您設定的價格或更優價格成交，在成交或撤單前一直掛在盤口。市價單立即以盤口最優價格成交。委託等待期間，所需的幣會在幣幣賬戶中凍結，撤單後解凍。',
          ],
          th: [
            'คำสั่งจำกัดราคาและคำสั่งตลาด',
            'คำสั่งจำกัดราคาจะซื้อหรือขายที่ราคาของคุณหรือดีกว่า และรออยู่ในสมุดคำสั่งจนกว่าจะจับคู่หรือคุณยกเลิก คำสั่งตลาดจะจับคู่ทันทีกับราคาที่ดีที่สุดในสมุดคำสั่ง ระหว่างรอ เหรียญที่ใช้จะถูกระงับในบัญชีเหรียญ และจะปลดเมื่อยกเลิก',
          ],
        },
      },
      {
        slug: 'trading-fees',
        texts: {
          en: [
            'What are the trading fees?',
            'Spot trades pay a fee in the quote coin (USDT): 0.08 % for an order that was resting on the book (maker) and 0.1 % for the order that takes it (taker). A buyer pays the fee on top of the price, a seller receives the proceeds minus the fee. Every fee is listed with the order in your order history.',
          ],
          jp: [
            '取引手数料は？',
            '現物取引の手数料は決済通貨（USDT）で支払います。板に置かれていた注文（メイカー）は0.08%、それに約定した注文（テイカー）は0.1%です。買い手は価格に加えて手数料を支払い、売り手は代金から手数料を差し引いた額を受け取ります。手数料は注文履歴で確認できます。',
          ],
          kr: [
            '거래 수수료는 얼마인가요?',
            '현물 거래 수수료는 기준 코인(USDT)으로 냅니다. 호가창에 있던 주문(메이커)은 0.08%, 이를 체결한 주문(테이커)은 0.1%입니다. 매수자는 가격에 더해 수수료를 내고, 매도자는 대금에서 수수료를 뺀 금액을 받습니다. 모든 수수료는 주문 내역에서 확인할 수 있습니다.',
          ],
          esp: [
            '¿Cuáles son las comisiones de trading?',
            'Las operaciones al contado pagan una comisión en la moneda de cotización (USDT): 0,08 % para la orden que estaba en el libro (maker) y 0,1 % para la que la ejecuta (taker). El comprador paga la comisión además del precio y el vendedor recibe el importe menos la comisión. Cada comisión figura con su orden en el historial.',
          ],
          zh: [
            '交易手续费是多少？',
            '币币交易以计价币（USDT）收取手续费：挂在盘口的委托（挂单方）为0.08%，与之成交的委托（吃单方）为0.1%。买方在成交价之外支付手续费，卖方收到扣除手续费后的金额。每笔手续费都可在委托记录中查看。',
          ],
          hk: [
            '交易手續費是多少？',
            '幣幣交易以計價幣（USDT）收取手續費：掛在盤口的委託（掛單方）為0.08%，與之成交的委託（吃單方）為0.1%。買方在成交價之外支付手續費，賣方收到扣除手續費後的金額。每筆手續費都可在委託記錄中查看。',
          ],
          th: [
            'ค่าธรรมเนียมการเทรดเท่าไร?',
            'การเทรดสปอตเสียค่าธรรมเนียมเป็นเหรียญอ้างอิง (USDT): 0.08% สำหรับคำสั่งที่รออยู่ในสมุดคำสั่ง (เมกเกอร์) และ 0.1% สำหรับคำสั่งที่เข้ามาจับคู่ (เทกเกอร์) ผู้ซื้อจ่ายค่าธรรมเนียมเพิ่มจากราคา ผู้ขายได้รับเงินหลังหักค่าธรรมเนียม ดูค่าธรรมเนียมทุกรายการได้ในประวัติคำสั่ง',
          ],
        },
      },
    ],
  },
  {
    slug: 'security',
    names: {
      en: 'Account security',
      jp: 'アカウントの安全',
      kr: '계정 보안',
      esp: 'Seguridad de la cuenta',
      zh: '账户安全',
      hk: '賬戶安全',
      th: 'ความปลอดภัยของบัญชี',
    },
    articles: [
      {
        slug: 'fund-password',
        texts: {
          en: [
            'What is the fund password?',
            'The fund password is a separate 6-digit password that confirms withdrawals and changes to your withdrawal addresses. Set it under Settings, Security; it needs a verification code sent to your own phone or e-mail. Never share it, not even with support: our staff will never ask for your passwords or codes.',
          ],
          jp: [
            '資金パスワードとは？',
            '資金パスワードは、出金や出金アドレスの変更を確認するための6桁の別パスワードです。「設定」の「セキュリティ」で設定し、ご自身の電話またはメールに届く認証コードが必要です。サポートを含め誰にも教えないでください。当社スタッフがパスワードやコードを尋ねることはありません。',
          ],
          kr: [
            '자금 비밀번호란 무엇인가요?',
            '자금 비밀번호는 출금과 출금 주소 변경을 확인하는 별도의 6자리 비밀번호입니다. 설정의 보안에서 설정하며 본인 휴대폰이나 이메일로 받은 인증 코드가 필요합니다. 상담원을 포함해 누구에게도 알려 주지 마세요. 직원은 절대 비밀번호나 코드를 묻지 않습니다.',
          ],
          esp: [
            '¿Qué es la contraseña de fondos?',
            'La contraseña de fondos es una contraseña aparte de 6 dígitos que confirma los retiros y los cambios en sus direcciones de retiro. Se configura en Ajustes, Seguridad, con un código enviado a su propio teléfono o correo. No la comparta con nadie, ni siquiera con soporte: nuestro personal nunca le pedirá contraseñas ni códigos.',
          ],
          zh: [
            '什么是资金密码？',
            '资金密码是单独的6位数字密码，用于确认提现和修改提现地址。可在"设置-安全中心"中设置，需要发送到您本人手机或邮箱的验证码。请勿告诉任何人，包括客服：我们的工作人员绝不会索要您的密码或验证码。',
          ],
          hk: [
            '什麼是資金密碼？',
            '資金密碼是單獨的6位數字密碼，用於確認提現和修改提現地址。可在「設置-安全中心」中設置，需要發送到您本人手機或郵箱的驗證碼。請勿告訴任何人，包括客服：我們的工作人員絕不會索要您的密碼或驗證碼。',
          ],
          th: [
            'รหัสผ่านการเงินคืออะไร?',
            'รหัสผ่านการเงินคือรหัส 6 หลักแยกต่างหาก ใช้ยืนยันการถอนและการแก้ไขที่อยู่ถอน ตั้งได้ที่การตั้งค่า > ความปลอดภัย โดยต้องใช้รหัสยืนยันที่ส่งไปยังโทรศัพท์หรืออีเมลของคุณ ห้ามบอกใคร แม้แต่ฝ่ายบริการ เจ้าหน้าที่ของเราจะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณ',
          ],
        },
      },
      {
        slug: 'account-compromised',
        texts: {
          en: [
            'I think someone accessed my account',
            'Change your login password at once under Settings, Security: this signs out every device, including any session someone else opened. Then change your fund password and check your withdrawal addresses and recent records. Contact online service immediately so we can review pending withdrawals.',
          ],
          jp: [
            'アカウントに不正アクセスされたかもしれない',
            'すぐに「設定」の「セキュリティ」でログインパスワードを変更してください。他人が開いたセッションを含め、すべての端末からログアウトされます。その後、資金パスワードを変更し、出金アドレスと最近の記録を確認してください。審査中の出金を確認できるよう、すぐにオンラインサービスへご連絡ください。',
          ],
          kr: [
            '누군가 제 계정에 접속한 것 같아요',
            '즉시 설정의 보안에서 로그인 비밀번호를 변경하세요. 다른 사람이 연 세션을 포함해 모든 기기에서 로그아웃됩니다. 그다음 자금 비밀번호를 바꾸고 출금 주소와 최근 기록을 확인하세요. 대기 중인 출금을 검토할 수 있도록 바로 온라인 상담에 연락해 주세요.',
          ],
          esp: [
            'Creo que alguien accedió a mi cuenta',
            'Cambie de inmediato su contraseña de acceso en Ajustes, Seguridad: esto cierra la sesión en todos los dispositivos, incluida cualquiera abierta por otra persona. Después cambie su contraseña de fondos y revise sus direcciones de retiro y registros recientes. Contacte enseguida con el servicio en línea para que revisemos los retiros pendientes.',
          ],
          zh: [
            '我怀疑账户被他人登录',
            '请立即在"设置-安全中心"修改登录密码：这会让所有设备退出登录，包括他人打开的会话。然后修改资金密码，并检查提现地址和近期记录。请立即联系在线客服，以便我们核查待审核的提现。',
          ],
          hk: [
            '我懷疑賬戶被他人登錄',
            '請立即在「設置-安全中心」修改登錄密碼：這會讓所有設備退出登錄，包括他人打開的會話。然後修改資金密碼，並檢查提現地址和近期記錄。請立即聯繫在線客服，以便我們核查待審核的提現。',
          ],
          th: [
            'สงสัยว่ามีคนเข้าถึงบัญชีของฉัน',
            'เปลี่ยนรหัสผ่านเข้าสู่ระบบทันทีที่การตั้งค่า > ความปลอดภัย ระบบจะออกจากระบบในทุกอุปกรณ์ รวมถึงเซสชันที่ผู้อื่นเปิดไว้ จากนั้นเปลี่ยนรหัสผ่านการเงิน และตรวจสอบที่อยู่ถอนและประวัติล่าสุด ติดต่อบริการออนไลน์ทันทีเพื่อให้เราตรวจสอบการถอนที่รอดำเนินการ',
          ],
        },
      },
    ],
  },
];

/** Adds the starting FAQ once per database. */
export async function seedHelpCentre(db: Db): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER)).limit(1);
  if (marker) return;
  await db.transaction(async (tx) => {
    for (const [ci, category] of FAQ_SEED.entries()) {
      const [row] = await tx
        .insert(helpCategories)
        .values({ slug: category.slug, names: category.names, sort: ci })
        .onConflictDoNothing()
        .returning({ id: helpCategories.id });
      if (!row) continue;
      for (const [ai, article] of category.articles.entries()) {
        const [a] = await tx
          .insert(helpArticles)
          .values({ categoryId: row.id, slug: article.slug, sort: ai })
          .onConflictDoNothing()
          .returning({ id: helpArticles.id });
        if (!a) continue;
        await tx
          .insert(helpArticleTexts)
          .values(Object.entries(article.texts).map(([lang, [title, body]]) => ({ articleId: a.id, lang, title, body })));
      }
    }
    await tx.insert(settings).values({ key: MARKER, value: VERSION }).onConflictDoNothing();
  });
}
