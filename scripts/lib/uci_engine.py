"""A UCI engine process driven line by line (Debian's Stockfish in the data scripts).

Used by scripts/gen-perft-data.py (perft counts) and scripts/nnue-sflabel.py (training targets).
"""
import subprocess


class UciEngine:
    """Starts `path`, waits for `uciok`, sets `options` ({name: value}) and waits until it is ready."""

    def __init__(self, path, options=None):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.read_until(lambda l: l == "uciok")
        for name, value in (options or {}).items():
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def read_until(self, pred):
        """The lines read (newline stripped) up to and including the first for which pred is true."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if pred(line):
                return lines

    def sync(self):
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)
