#!/usr/bin/env python3
"""Fine-tune the verifier: the trimmed e5-small BERT encoder + a 3-way classification head.

Model: ``transformers.BertForSequenceClassification`` (``num_labels=3``) on top of the trimmed encoder;
the pooler (dense + tanh on ``<s>``) and the classifier are the new, small head. Labels:
0 supported, 1 not-supported, 2 contradicted. Rows with ``binary_only`` only contribute
``-log p(supported)`` or ``-log(1 - p(supported))``.

Inputs are (premise, hypothesis) pairs tokenized with the trimmed ``tokenizer.json`` (the same file
the ONNX export ships), truncated premise-first to ``--max-len`` tokens, padded per batch.

Training: AdamW with linear warmup and decay, gradient accumulation, word embeddings frozen by default,
optionally the lowest ``--freeze-layers`` encoder layers too. Every ``--ckpt-every`` optimizer steps
``<out>/last.pt`` is written atomically with the model, optimizer, scheduler, RNG and data-position
state; ``--resume`` continues from it exactly (same batches, same dropout masks). JSON lines go to
``<out>/log.jsonl``: training steps (step, loss, lr, seconds/step) and dev evaluations (accuracy,
balanced accuracy supported-vs-not) every ``--eval-every`` steps on the first ``--dev-size`` rows of each ``--dev`` file.
Runs on CUDA when available, else on CPU with at most 2 threads.

``--pair-originals`` puts each edited row (one with an ``original``: slot and edit negatives) beside
its original in the batch (``pairing.py``), and ``--pair-margin`` adds, weighted by
``--pair-weight``, a hinge on the supported log-odds: the original must beat its edit by the margin.

    python training/train.py --out training/work/ckpt/smoke --steps 20 --ckpt-every 10 --eval-every 20
    python training/train.py --out training/work/ckpt/smoke --steps 20 --resume
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import torch
import torch.nn.functional as F
from tokenizers import Tokenizer
from transformers import BertForSequenceClassification, get_linear_schedule_with_warmup

from pairing import with_originals

HERE = Path(__file__).resolve().parent
LABEL_NAMES = ("supported", "not_supported", "contradicted")


def load_rows(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def make_tokenizer(path: Path, max_len: int) -> Tokenizer:
    """Pair tokenizer: ``<s> premise </s></s> hypothesis </s>``, longest-first truncation, batch padding."""
    tok = Tokenizer.from_file(str(path))
    tok.enable_truncation(max_length=max_len, strategy="longest_first")
    tok.enable_padding(pad_id=tok.token_to_id("<pad>"), pad_token="<pad>")
    return tok


def encode(tok: Tokenizer, rows: list[dict], device: torch.device) -> dict[str, torch.Tensor]:
    encs = tok.encode_batch([(r["premise"], r["hypothesis"]) for r in rows])
    return {"input_ids": torch.tensor([e.ids for e in encs], device=device),
            "attention_mask": torch.tensor([e.attention_mask for e in encs], device=device)}


def loss_fn(logits: torch.Tensor, labels: torch.Tensor, binary: torch.Tensor) -> torch.Tensor:
    """3-way NLL, except binary_only rows: supported vs. (not-supported + contradicted)."""
    logp = F.log_softmax(logits.float(), dim=-1)
    nll3 = -logp.gather(1, labels[:, None]).squeeze(1)
    log_rest = torch.logsumexp(logp[:, 1:], dim=-1)
    nll2 = torch.where(labels == 0, -logp[:, 0], -log_rest)
    return torch.where(binary, nll2, nll3).mean()


def pair_loss(logits: torch.Tensor, pairs: list[tuple[int, int]], margin: float) -> torch.Tensor:
    """Hinge on the supported log-odds: each original (``pairs``: edit, original) must beat its edit
    by ``margin``."""
    if not pairs:
        return logits.new_zeros(())
    logp = F.log_softmax(logits.float(), dim=-1)
    odds = logp[:, 0] - torch.logsumexp(logp[:, 1:], dim=-1)
    edit, original = (torch.tensor(ix, device=logits.device) for ix in zip(*pairs, strict=True))
    return F.relu(margin - (odds[original] - odds[edit])).mean()


def targets(rows: list[dict], device: torch.device) -> tuple[torch.Tensor, torch.Tensor]:
    return (torch.tensor([r["label"] for r in rows], device=device),
            torch.tensor([bool(r["binary_only"]) for r in rows], device=device))


@torch.no_grad()
def evaluate(model: torch.nn.Module, tok: Tokenizer, rows: list[dict], device: torch.device,
             batch: int = 64) -> dict[str, float]:
    """3-way accuracy (non-binary rows), supported-vs-not accuracy and balanced accuracy (all rows)."""
    model.eval()
    n3 = c3 = 0
    tp = fn = tn = fp = 0
    loss_sum = 0.0
    for i in range(0, len(rows), batch):
        chunk = rows[i:i + batch]
        logits = model(**encode(tok, chunk, device)).logits
        labels, binary = targets(chunk, device)
        loss_sum += loss_fn(logits, labels, binary).item() * len(chunk)
        pred = logits.argmax(-1)
        m3 = ~binary
        n3 += int(m3.sum())
        c3 += int((pred[m3] == labels[m3]).sum())
        sup_pred, sup_true = pred == 0, labels == 0
        tp += int((sup_pred & sup_true).sum())
        fn += int((~sup_pred & sup_true).sum())
        tn += int((~sup_pred & ~sup_true).sum())
        fp += int((sup_pred & ~sup_true).sum())
    model.train()
    tpr, tnr = tp / max(1, tp + fn), tn / max(1, tn + fp)
    return {"dev_loss": loss_sum / max(1, len(rows)), "acc3": c3 / max(1, n3),
            "acc2": (tp + tn) / max(1, len(rows)), "bal_acc2": (tpr + tnr) / 2, "n": len(rows)}


class Batches:
    """Deterministic epoch-wise shuffled batches whose position can be saved and restored."""

    def __init__(self, rows: list[dict], batch: int, seed: int, bucket: int = 0) -> None:
        self.rows, self.batch, self.seed, self.bucket = rows, batch, seed, bucket
        self.epoch, self.pos = 0, 0
        self._order = self._perm()

    def _perm(self) -> list[int]:
        """This epoch's row order. With ``bucket`` > 0, rows of similar length share a batch: the
        shuffled order is cut into groups of ``bucket`` batches, each group is sorted by length and
        split into batches, and the batches are shuffled (less padding, same data per epoch)."""
        rng = random.Random(self.seed + self.epoch)
        order = list(range(len(self.rows)))
        rng.shuffle(order)
        if self.bucket <= 0:
            return order
        order = order[: len(order) - len(order) % self.batch]
        group = self.batch * self.bucket
        batches: list[list[int]] = []
        for g in range(0, len(order), group):
            chunk = sorted(order[g:g + group], key=lambda i: len(self.rows[i]["premise"])
                           + len(self.rows[i]["hypothesis"]))
            batches += [chunk[b:b + self.batch] for b in range(0, len(chunk), self.batch)]
        rng.shuffle(batches)
        return [i for b in batches for i in b]

    def state(self) -> dict[str, int]:
        return {"epoch": self.epoch, "pos": self.pos}

    def load(self, state: dict[str, int]) -> None:
        self.epoch, self.pos = state["epoch"], state["pos"]
        self._order = self._perm()

    def __iter__(self) -> Iterator[list[dict]]:
        while True:
            if self.pos + self.batch > len(self._order):
                self.epoch, self.pos = self.epoch + 1, 0
                self._order = self._perm()
            idx = self._order[self.pos:self.pos + self.batch]
            self.pos += self.batch
            yield [self.rows[i] for i in idx]


def build_model(base: Path, freeze_embeddings: bool, freeze_layers: int,
                num_layers: int = 0) -> BertForSequenceClassification:
    """The classifier on ``base``; ``num_layers`` > 0 keeps only the lowest that many encoder layers."""
    extra = {"num_hidden_layers": num_layers} if num_layers > 0 else {}
    model = BertForSequenceClassification.from_pretrained(
        base, num_labels=len(LABEL_NAMES), id2label=dict(enumerate(LABEL_NAMES)),
        label2id={n: i for i, n in enumerate(LABEL_NAMES)}, **extra)
    if freeze_embeddings:
        model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    for layer in model.bert.encoder.layer[:freeze_layers]:
        layer.requires_grad_(False)
    if freeze_layers > 0:
        model.bert.embeddings.requires_grad_(False)
    return model


def save_checkpoint(path: Path, **state: object) -> None:
    tmp = path.with_suffix(".tmp")
    torch.save(state, tmp)
    os.replace(tmp, path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", type=Path, default=HERE / "work" / "base" / "e5-small-trimmed")
    ap.add_argument("--train", type=Path, nargs="+", default=[HERE / "work" / "data" / "train.jsonl"],
                    help="training rows; several files are concatenated (name a file twice to upsample it)")
    ap.add_argument("--dev", type=Path, nargs="+", default=[HERE / "work" / "data" / "dev.jsonl"],
                    help="dev rows; each file is evaluated on its own (first --dev-size rows)")
    ap.add_argument("--out", type=Path, required=True, help="checkpoint/log folder, e.g. work/ckpt/run1")
    ap.add_argument("--max-len", type=int, default=192)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--accum", type=int, default=1, help="gradient accumulation micro-batches per step")
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--warmup", type=float, default=0.06, help="warmup share of --steps")
    ap.add_argument("--steps", type=int, required=True, help="optimizer steps (sets the LR schedule)")
    ap.add_argument("--train-embeddings", action="store_true", help="also train the word embeddings")
    ap.add_argument("--freeze-layers", type=int, default=0, help="freeze embeddings + the lowest N layers")
    ap.add_argument("--num-layers", type=int, default=0, help="keep only the lowest N encoder layers (0: all)")
    ap.add_argument("--init-from", type=Path, help="start from this checkpoint's weights (matching names only)")
    ap.add_argument("--bucket", type=int, default=0,
                    help="batch rows of similar length: sort groups of this many batches (0: off)")
    ap.add_argument("--ckpt-every", type=int, default=100)
    ap.add_argument("--eval-every", type=int, default=200)
    ap.add_argument("--log-every", type=int, default=10)
    ap.add_argument("--dev-size", type=int, default=1000)
    ap.add_argument("--max-minutes", type=float, default=0, help="checkpoint and stop after this long (0: off)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--threads", type=int, default=2, help="CPU threads for torch (CPU only)")
    ap.add_argument("--pair-originals", action="store_true",
                    help="batch each edited row (with an 'original') beside its original, labelled supported")
    ap.add_argument("--pair-margin", type=float, default=2.0, help="with --pair-originals: log-odds margin")
    ap.add_argument("--pair-weight", type=float, default=0.0, help="with --pair-originals: weight of the hinge")
    args = ap.parse_args()

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if device.type == "cpu":
        torch.set_num_threads(args.threads)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    args.out.mkdir(parents=True, exist_ok=True)
    ckpt_path = args.out / "last.pt"
    torch.manual_seed(args.seed)
    random.seed(args.seed)

    model = build_model(args.base, not args.train_embeddings, args.freeze_layers, args.num_layers).to(device)
    if args.init_from and not args.resume:
        own = model.state_dict()
        init = torch.load(args.init_from, map_location=device, weights_only=False)["model"]
        kept = {k: v for k, v in init.items() if k in own and own[k].shape == v.shape}
        model.load_state_dict(kept, strict=False)
        print(json.dumps({"event": "init_from", "path": str(args.init_from), "tensors": len(kept),
                          "of": len(own)}), flush=True)
    tok = make_tokenizer(args.base / "tokenizer.json", args.max_len)
    train_rows = [row for path in args.train for row in load_rows(path)]
    dev_sets = {path.name: load_rows(path)[: args.dev_size] for path in args.dev}
    decay = [p for n, p in model.named_parameters() if p.requires_grad and p.ndim > 1]
    no_decay = [p for n, p in model.named_parameters() if p.requires_grad and p.ndim <= 1]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": args.weight_decay},
                             {"params": no_decay, "weight_decay": 0.0}], lr=args.lr)
    sched = get_linear_schedule_with_warmup(opt, int(args.warmup * args.steps), args.steps)
    batches = Batches(train_rows, args.batch, args.seed, args.bucket)
    step = 0
    if args.resume:
        state = torch.load(ckpt_path, map_location=device, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["optimizer"])
        sched.load_state_dict(state["scheduler"])
        batches.load(state["data"])
        torch.set_rng_state(state["rng"]["torch"])
        random.setstate(state["rng"]["python"])
        if device.type == "cuda" and state["rng"].get("cuda") is not None:
            torch.cuda.set_rng_state_all(state["rng"]["cuda"])
        step = state["step"]
    n_train = sum(p.numel() for p in model.parameters() if p.requires_grad)
    n_all = sum(p.numel() for p in model.parameters())
    log = open(args.out / "log.jsonl", "a", encoding="utf-8")  # noqa: SIM115 - closed at the end of main

    def emit(rec: dict) -> None:
        line = json.dumps(rec)
        print(line, flush=True)
        log.write(line + "\n")
        log.flush()

    def checkpoint() -> None:
        save_checkpoint(ckpt_path, model=model.state_dict(), optimizer=opt.state_dict(),
                        scheduler=sched.state_dict(), data=batches.state(), step=step,
                        rng={"torch": torch.get_rng_state(), "python": random.getstate(),
                             "cuda": torch.cuda.get_rng_state_all() if device.type == "cuda" else None},
                        args={k: str(v) for k, v in vars(args).items()}, base=str(args.base),
                        max_len=args.max_len, num_layers=model.config.num_hidden_layers,
                        label_names=LABEL_NAMES)
        emit({"event": "checkpoint", "step": step, "path": str(ckpt_path)})

    emit({"event": "start", "step": step, "device": str(device), "params": n_all, "trainable": n_train,
          "train_rows": len(train_rows), "dev_rows": {k: len(v) for k, v in dev_sets.items()},
          "resume": args.resume,
          "data": batches.state(), "args": {k: str(v) for k, v in vars(args).items()}})
    model.train()
    t_start = t_last = time.time()
    loss_acc, it = 0.0, iter(batches)
    while step < args.steps:
        for _ in range(args.accum):
            rows, pairs = next(it), []
            if args.pair_originals:
                rows, pairs = with_originals(rows)
            labels, binary = targets(rows, device)
            logits = model(**encode(tok, rows, device)).logits
            loss = loss_fn(logits, labels, binary)
            if args.pair_weight:
                loss = loss + args.pair_weight * pair_loss(logits, pairs, args.pair_margin)
            loss = loss / args.accum
            loss.backward()
            loss_acc += loss.item()
        torch.nn.utils.clip_grad_norm_([p for g in opt.param_groups for p in g["params"]], 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        step += 1
        if step % args.log_every == 0 or step == args.steps:
            now = time.time()
            n = args.log_every if step % args.log_every == 0 else step % args.log_every
            emit({"step": step, "loss": round(loss_acc / n, 4), "lr": sched.get_last_lr()[0],
                  "s_per_step": round((now - t_last) / n, 3), "epoch": batches.epoch})
            loss_acc, t_last = 0.0, now
        if step % args.eval_every == 0 or step == args.steps:
            for name, dev_rows in dev_sets.items():
                emit({"event": "eval", "step": step, "dev": name, **evaluate(model, tok, dev_rows, device)})
            t_last = time.time()
        timed_out = args.max_minutes and time.time() - t_start > args.max_minutes * 60
        if step % args.ckpt_every == 0 or step == args.steps or timed_out:
            checkpoint()
        if timed_out:
            emit({"event": "stopped", "step": step, "reason": "max-minutes"})
            break
    log.close()


if __name__ == "__main__":
    main()
