"""`python -m bot`: for now, a demo match between AI players in the terminal (the host replaces this)."""

from games import arena

if __name__ == "__main__":
    arena.main(["tricks", "--seats", "random,random,random,random", "--games", "10", "--options", '{"target": 13}'])
